import { HUMAN_LABELS } from '../../../model/metrics/settings';
import type { SqlDialect } from '../dialect';
import { resolvedRelevanceSelect } from '../labels';
import { rankedRelevanceCtes } from './retrieval-base';
import { specOf } from '../core/row-spec';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';

/** docs/metrics.md, "Judges and humans": a label is human unless its `annotator_kind` says otherwise. */
export const IS_HUMAN_LABEL = `coalesce(annotator_kind, 'human') = 'human'`;

/** The labels of a source (`human` or an annotator's name), as a condition over the `labels` view. */
export function labelSourceWhere(source: string): SqlQuery {
  return source === HUMAN_LABELS ? rawSql(IS_HUMAN_LABEL) : sql`annotator = ${source}`;
}

/** The columns of `retrieval_base` that its resolved relevance labels make. */
const RELEVANCE_COLUMNS = ['judged', 'relevant_ranks', 'relevant_grades', 'ideal_grades', 'labeled_ranks'];

/**
 * What Tier 1 reads per retrieval, with the relevance of one label source: `retrieval_base` as it
 * is for every label (`source` absent), else its rows with the relevance columns made again, as
 * retrieval-base.ts makes them, from the resolution of that source's labels alone.
 */
export function retrievalBaseOfSource(source: string | undefined, d: SqlDialect): SqlQuery {
  if (source === undefined) return sql`retrieval_base`;
  const where = labelSourceWhere(source);
  return {
    sql: `(
WITH judged_relevance AS (${resolvedRelevanceSelect(null, d, where.sql)}),
${rankedRelevanceCtes('retrievals', d)}
SELECT b.*, j.retrieval_id IS NOT NULL AS judged,
       coalesce(rel.relevant_ranks, ${d.emptyIntegerList()}) AS relevant_ranks,
       coalesce(rel.relevant_grades, ${d.emptyIntegerList()}) AS relevant_grades,
       coalesce(j.ideal_grades, ${d.emptyIntegerList()}) AS ideal_grades,
       coalesce(rel.labeled_ranks, ${d.emptyIntegerList()}) AS labeled_ranks
FROM (SELECT ${d.starExcept(RELEVANCE_COLUMNS)} FROM retrieval_base) b
LEFT JOIN judgments j ON j.retrieval_id = b.retrieval_id
LEFT JOIN labeled_returned rel ON rel.retrieval_id = b.retrieval_id)`,
    params: where.params,
  };
}

export interface RelevanceAnnotator {
  annotator: string;
  annotator_kind: string;
}

export const RELEVANCE_ANNOTATOR_ROW = specOf<RelevanceAnnotator>()({ annotator: 'string', annotator_kind: 'string' });

/** The annotators of relevance labels, each with its kind (`human` when unsaid), by name: the label sources besides all and human. */
export const RELEVANCE_ANNOTATORS_SQL = `
SELECT DISTINCT annotator, coalesce(annotator_kind, 'human') AS annotator_kind FROM labels
WHERE kind = 'relevance' AND annotator IS NOT NULL ORDER BY annotator, annotator_kind`;
