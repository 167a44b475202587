import { sql, type SqlQuery } from '../metrics/sql-query';

/** The K of the eval-versus-production comparison (the retrospective's recall@5). */
export const RECALL_K = 5;

/**
 * metrics.md, Review and feedback: recall@5 on the eval set beside recall@5 on labeled
 * production retrievals (seed 004: 92% vs 68%).
 * - eval: over cases with non-empty `gold_asset_ids` matched to a retrieval (the latest with
 *   exactly their query), mean of |gold in the first 5 returned| / |gold|;
 * - production: over judged retrievals (resolved relevance labels, `retrieval_base`) whose
 *   query is no eval case's, mean of (relevant in the first 5) / R, 0 when R = 0, as Tier 1.
 * Reads `retrieval_base`: run after the derived tables are built.
 */
export function recallComparisonQuery(): SqlQuery {
  return sql`
WITH matched AS (
  SELECT e.seq, list_distinct(e.gold_asset_ids) AS gold, r.returned_asset_ids AS returned,
         row_number() OVER (PARTITION BY e.seq ORDER BY r.ts DESC NULLS LAST, r.seq DESC) AS recency
  FROM eval_cases e JOIN retrievals r ON r.query = e.query
  WHERE len(e.gold_asset_ids) > 0
),
eval_recall AS (
  SELECT len(list_filter(gold, g -> coalesce(list_position(list_slice(coalesce(returned, []::VARCHAR[]), 1, ${RECALL_K}), g), 0) > 0))
         / len(gold) AS recall
  FROM matched WHERE recency = 1
),
production_recall AS (
  SELECT CASE WHEN len(ideal_grades) = 0 THEN 0.0
              ELSE len(list_filter(relevant_ranks, rank -> rank <= ${RECALL_K})) / len(ideal_grades) END AS recall
  FROM retrieval_base b
  WHERE judged AND (b.query IS NULL OR b.query NOT IN (SELECT query FROM eval_cases WHERE query IS NOT NULL))
)
SELECT (SELECT count(*) FROM eval_recall)::INTEGER AS eval_cases,
       (SELECT avg(recall) FROM eval_recall)::DOUBLE AS eval_recall,
       (SELECT count(*) FROM production_recall)::INTEGER AS production_retrievals,
       (SELECT avg(recall) FROM production_recall)::DOUBLE AS production_recall`;
}
