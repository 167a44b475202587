import { DUCKDB, type SqlDialect } from '../dialect';

/**
 * The columns of a table of logged stage lists, one row per stage of a retrieval, as the
 * retrieval logged it (docs/log-format.md `stages`): `retrieval_id`, `stage_index` (its place in the
 * pipeline, from 1), `stage_name`, `stage_kind`, `logged_ids` and `logged_scores` (NULL when the
 * stage gave none). Built from the stored `stages` text by `../../what-if-stage-lists.ts`.
 */
export const STAGE_LIST_COLUMNS = 'retrieval_id VARCHAR, stage_index INTEGER, stage_name VARCHAR, stage_kind VARCHAR, logged_ids VARCHAR[], logged_scores DOUBLE[]';

/**
 * docs/metrics.md, "What-if on logged candidates": the stages the pipelines read, from `stageLists`:
 * each stage's list with every asset at its first position only (ranks from 1, as Tier 1 ranks
 * a returned list), the scores at those positions, whether the stage gave a score for every
 * entry, and its place among the stages of its kind (`kind_index`: the first two `retriever`
 * stages are the weighted fusion's).
 */
export function whatIfStagesSelect(stageLists: string, d: SqlDialect = DUCKDB): string {
  return `
SELECT retrieval_id, stage_index, stage_name, stage_kind,
       ${d.listFirstOccurrences('logged_ids')} AS asset_ids,
       ${d.listAtFirstOccurrences('logged_scores', 'logged_ids')} AS scores,
       coalesce(${d.listLength('logged_scores')}, 0) = ${d.listLength('logged_ids')} AS has_scores,
       row_number() OVER (PARTITION BY retrieval_id, stage_kind ORDER BY stage_index) AS kind_index
FROM ${stageLists}`;
}
