/**
 * Each `eval_case` (by its `seq`, as `case_seq`) with the retrieval of its eval run (metrics.md,
 * Gate): the retrieval with exactly the case's `query`; when several have it, the latest by ts,
 * then file order. Cases that no retrieval matches have no row.
 */
export const EVAL_CASE_RETRIEVALS_SQL = `
SELECT e.seq AS case_seq, r.retrieval_id, r.returned_asset_ids, r.scores
FROM eval_cases e JOIN retrievals r ON r.query = e.query
QUALIFY row_number() OVER (PARTITION BY e.seq ORDER BY r.ts DESC NULLS LAST, r.seq DESC) = 1`;
