import { DUCKDB, type SqlDialect } from '../dialect';
import { labeledRanksCtes } from '../metrics/retrieval-base';

/** The columns of `retrieval_base` that depend on the ranked list; a what-if recomputes them for its list. */
const LIST_COLUMNS = ['is_empty', 'failed', 'relevant_ranks', 'relevant_grades', 'labeled_ranks', 'distinct_returned'];

/**
 * The side "logged" of a what-if: the `retrieval_base` rows of the retrievals `lists` (a table of
 * `whatIfListsQuery`) holds, as they were logged.
 */
export const loggedBaseSelect = (lists: string) => `SELECT * FROM retrieval_base WHERE retrieval_id IN (SELECT retrieval_id FROM ${lists})`;

/**
 * The side of the pipeline: the same rows with the list-dependent columns of `retrieval_base`
 * recomputed for the what-if list by the same rule (`labeledRanksCtes`), everything else as
 * logged. A what-if list is never failed: an empty one is an empty result. Its Tier 2 columns
 * are kept only so the facts' shape holds; a what-if shows no Tier 2 (nobody saw its list).
 */
export function whatIfBaseSelect(lists: string, d: SqlDialect = DUCKDB): string {
  return `
WITH judged_relevance AS (SELECT * FROM resolved_relevance WHERE retrieval_id IN (SELECT retrieval_id FROM ${lists})),
${labeledRanksCtes(`(SELECT retrieval_id, asset_ids AS returned_asset_ids FROM ${lists})`, d)}
what_if AS (SELECT retrieval_id, asset_ids FROM ${lists})
SELECT b.${d.starExcept(LIST_COLUMNS)},
       ${d.listLength('w.asset_ids')} = 0 AS is_empty,
       false AS failed,
       ${d.joinedListOr('rel.retrieval_id', 'rel.relevant_ranks', d.emptyIntegerList())} AS relevant_ranks,
       ${d.joinedListOr('rel.retrieval_id', 'rel.relevant_grades', d.emptyIntegerList())} AS relevant_grades,
       ${d.joinedListOr('rel.retrieval_id', 'rel.labeled_ranks', d.emptyIntegerList())} AS labeled_ranks,
       ${d.listLength(d.listDistinctSorted('w.asset_ids'))}::INTEGER AS distinct_returned
FROM retrieval_base b
JOIN what_if w ON w.retrieval_id = b.retrieval_id
LEFT JOIN labeled_returned rel ON rel.retrieval_id = b.retrieval_id`;
}
