import type { LabelKind } from '../../../schema/given-label';
import { DUCKDB, type SqlDialect } from '../dialect';
import { resolvedLabelsSql, resolvedRolesSelect } from '../labels';
import { IS_HUMAN_LABEL } from '../metrics/label-source';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import type { JudgeConfusionRow, JudgeDisagreement, JudgeLabelKind } from '../../../model/annotation/judges';
import { specOf } from '../core/row-spec';
import { labelVotesSql } from './label-votes';

/**
 * Each judge's latest vote per item beside the human consensus of that item (docs/metrics.md, "Judges
 * and humans"), as the CTE `compared` (annotator, annotator_kind, item, judge_value, human_value,
 * role). A judge is an annotator whose label is not human; the consensus is the resolution
 * (labels.ts) over human labels alone, adjudications included. `role` is the retrieval's resolved
 * role for a relevance label of a retrieval, NULL otherwise (a label by query, other kinds).
 */
function comparedCtes(kind: LabelKind, d: SqlDialect): SqlQuery {
  const byRetrieval = kind === 'relevance';
  // the label SQL of labels.ts and label-votes.ts is text, shared with the derived tables
  const judgeVotes = rawSql(labelVotesSql(kind, `NOT ${IS_HUMAN_LABEL} AND annotator IS NOT NULL AND NOT coalesce(adjudicated, false)`, ['annotator_kind', 'retrieval_id']));
  const consensus = rawSql(resolvedLabelsSql(`SELECT item, value, adjudicated, annotator, label_order FROM (${labelVotesSql(kind, IS_HUMAN_LABEL)}) h`, ['item'], ['value'], d));
  return sql`
judge_votes AS (
  SELECT item, value, annotator, annotator_kind${byRetrieval ? sql`, retrieval_id` : sql``}
  FROM (${judgeVotes}) v
  QUALIFY row_number() OVER (PARTITION BY annotator, item ORDER BY label_order DESC) = 1
),
consensus AS (${consensus}),
compared AS (
  SELECT ${rawSql(['annotator', 'annotator_kind', 'item'].map((column) => d.column('j', column)).join(', '))}, j.value AS judge_value, c.value AS human_value,
         ${byRetrieval ? sql`CASE WHEN j.retrieval_id IS NOT NULL THEN coalesce(rr.role, r.role, 'unknown') END` : sql`NULL`} AS role
  FROM judge_votes j JOIN consensus c ON c.item = j.item
  ${byRetrieval ? sql`LEFT JOIN retrievals r ON r.retrieval_id = j.retrieval_id
  LEFT JOIN (${rawSql(resolvedRolesSelect(null, d))}) rr ON rr.retrieval_id = j.retrieval_id` : sql``}
)`;
}

/**
 * The confusion of each judge with the human consensus in one kind, per retrieval role: one row
 * per (annotator, annotator_kind, role, judge_value, human_value) with the number of items.
 * κ and the rest are counted from these cells (model/annotation/judges.ts).
 */
export function judgeConfusionQuery(kind: LabelKind, dialect: SqlDialect = DUCKDB): SqlQuery {
  return sql`
WITH ${comparedCtes(kind, dialect)}
SELECT annotator, annotator_kind, role, judge_value, human_value, count(*)::INTEGER AS items
FROM compared GROUP BY annotator, annotator_kind, role, judge_value, human_value
ORDER BY annotator, annotator_kind, role, judge_value, human_value`;
}

export const JUDGE_CONFUSION_ROW = specOf<JudgeConfusionRow>()({
  annotator: 'string', annotator_kind: 'string', role: 'string|null', judge_value: 'string', human_value: 'string', items: 'number',
});

/** The items where a judge's value differs from the human consensus, to open one by one (item keys: model/annotation/item-key.ts). */
export function judgeDisagreementsQuery(kind: LabelKind, annotator: string, dialect: SqlDialect = DUCKDB): SqlQuery {
  return sql`
WITH ${comparedCtes(kind, dialect)}
SELECT item, judge_value, human_value, role FROM compared
WHERE annotator = ${annotator} AND judge_value <> human_value
ORDER BY item`;
}

export const JUDGE_DISAGREEMENT_ROW = specOf<JudgeDisagreement>()({ item: 'string', judge_value: 'string', human_value: 'string', role: 'string|null' });

/** The judges: each annotator with a label that is not human, its kind, and the label kinds it gave. */
export function judgeAnnotatorsQuery(): SqlQuery {
  return sql`SELECT DISTINCT annotator, annotator_kind, kind FROM labels
WHERE annotator IS NOT NULL AND kind IS NOT NULL AND NOT ${rawSql(IS_HUMAN_LABEL)} AND NOT coalesce(adjudicated, false)
ORDER BY annotator, annotator_kind, kind`;
}

export const JUDGE_LABEL_KIND_ROW = specOf<JudgeLabelKind>()({ annotator: 'string', annotator_kind: 'string', kind: 'string' });
