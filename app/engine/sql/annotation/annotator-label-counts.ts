import { GIVEN_LABELS_FILE_ID, LABEL_KINDS, type LabelKind } from '../../../schema/given-label';
import { typeTable } from '../../../schema/columns';
import { specOf } from '../core/row-spec';
import { identifier, rawSql, sql, type SqlQuery } from '../core/sql-query';
import { literal } from '../core/quote';
import { KIND_VOTES } from './label-votes';

/**
 * One annotator's labels of one kind, counted one way for every screen (Overview, Annotate,
 * Agreement):
 * - `labels`: labels given, every one: a re-label that supersedes an earlier vote counts too, as
 *   do adjudications;
 * - `items`: items labeled: the distinct items (item-key.ts: a relevance item is an asset under
 *   a retrieval, or under a query for a label by query) the annotator voted on, adjudications aside;
 * - `adjudications`: adjudicated labels (they settle a disagreement and are no vote);
 * - `given_here`: labels given in this browser.
 */
export interface AnnotatorLabelCountRow {
  kind: LabelKind;
  /** Null for labels that name no annotator. */
  annotator: string | null;
  labels: number;
  items: number;
  adjudications: number;
  given_here: number;
}

export const ANNOTATOR_LABEL_COUNT_ROW = specOf<AnnotatorLabelCountRow>()({
  kind: 'string', annotator: 'string|null', labels: 'number', items: 'number', adjudications: 'number', given_here: 'number',
});

const byKind = (pick: (kind: LabelKind) => string, otherwise: string) =>
  `CASE kind ${LABEL_KINDS.map((kind) => `WHEN ${literal(kind)} THEN ${pick(kind)}`).join(' ')} ELSE ${otherwise} END`;

/** Every kind's counts per annotator (named or not), by kind, then annotator (unnamed last). */
export function annotatorLabelCountsQuery(): SqlQuery {
  const item = rawSql(byKind((kind) => KIND_VOTES[kind].item, 'NULL'));
  const present = rawSql(byKind((kind) => `(${KIND_VOTES[kind].present})`, 'false'));
  return sql`
WITH l AS (
  SELECT kind, annotator, coalesce(adjudicated, false) AS adjudicated, file_id,
         CASE WHEN ${present} AND NOT coalesce(adjudicated, false) THEN ${item} END AS voted_item
  FROM ${identifier(typeTable('label'))}
)
SELECT kind, annotator, count(*)::INTEGER AS labels,
       count(DISTINCT voted_item)::INTEGER AS items,
       count(*) FILTER (WHERE adjudicated)::INTEGER AS adjudications,
       count(*) FILTER (WHERE file_id = ${rawSql(String(GIVEN_LABELS_FILE_ID))})::INTEGER AS given_here
FROM l
GROUP BY kind, annotator
ORDER BY kind, annotator NULLS LAST`;
}
