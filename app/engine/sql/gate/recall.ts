import { DEFAULT_METRIC_SETTINGS } from '../../../model/metrics/settings';
import { retrievalFactsQuery } from '../metrics/retrieval-facts';
import { sql, type SqlQuery } from '../core/sql-query';
import { exactSum } from '../metrics/tier1-tier2';
import { evalCaseRetrievalsSql } from './eval-case-retrievals';
import { RECALL_K } from '../../../model/gate/recall';

/**
 * docs/metrics.md, Review and feedback: recall@5 on the eval set beside recall@5 on labeled
 * production retrievals (seed 004: 92% vs 68%).
 * - eval: over cases with non-empty `gold_asset_ids` that have an eval retrieval
 *   (eval-case-retrievals.ts), mean of |gold in the first 5 returned| / |gold|;
 * - production: Tier 1's `recall_at_k` at K = 5 (retrieval-facts.ts), averaged over judged
 *   retrievals whose query is no eval case's.
 * Reads `retrieval_base`: run after the derived tables are built. The means are exact sums over
 * the count (`exactSum`), the same however many threads add them up.
 */
export function recallComparisonQuery(): SqlQuery {
  return sql`
WITH eval_recall AS (
  SELECT len(list_filter(gold, g -> coalesce(list_position(list_slice(coalesce(returned, []::VARCHAR[]), 1, ${RECALL_K}), g), 0) > 0))
         / len(gold) AS recall
  FROM (SELECT list_distinct(e.gold_asset_ids) AS gold, m.returned_asset_ids AS returned
        FROM eval_cases e JOIN (${evalCaseRetrievalsSql()}) m ON m.case_seq = e.seq
        WHERE len(e.gold_asset_ids) > 0)
),
production_recall AS (
  SELECT facts.recall_at_k AS recall
  FROM (${retrievalFactsQuery({ ...DEFAULT_METRIC_SETTINGS, k: RECALL_K })}) facts
  JOIN retrieval_base b ON b.seq = facts.seq
  WHERE facts.judged AND (b.query IS NULL OR b.query NOT IN (SELECT query FROM eval_cases WHERE query IS NOT NULL))
)
SELECT (SELECT count(*) FROM eval_recall)::INTEGER AS eval_cases,
       (SELECT ${exactSum('recall')} / count(recall) FROM eval_recall)::DOUBLE AS eval_recall,
       (SELECT count(*) FROM production_recall)::INTEGER AS production_retrievals,
       (SELECT ${exactSum('recall')} / count(recall) FROM production_recall)::DOUBLE AS production_recall`;
}

export const RECALL_COMPARISON_ROW = { eval_cases: 'number', eval_recall: 'number|null', production_retrievals: 'number', production_recall: 'number|null' } as const;
