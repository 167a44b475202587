import type { MetricSettings } from '../../../model/metrics/settings';
import { factsFrom, type FactsSource } from './retrieval-facts';
import { rawSql, sql, type SqlQuery } from './sql-query';

export type { RetrievalAggregates, TierRow } from '../../../model/metrics/rows';

/** The SELECT list of `RetrievalAggregates` (model/metrics/rows.ts) over `retrievalFactsQuery` rows. */
export const RETRIEVAL_AGGREGATES = rawSql(`
       count(*)::INTEGER AS retrievals,
       count(*) FILTER (WHERE is_empty)::INTEGER AS empty,
       count(*) FILTER (WHERE judged)::INTEGER AS judged,
       sum(p_at_1) AS sum_p_at_1, sum(p_at_k) AS sum_p_at_k, sum(recall_at_k) AS sum_recall_at_k,
       sum(ndcg_at_k) AS sum_ndcg_at_k, sum(rr) AS sum_rr,
       count(*) FILTER (WHERE gpr)::INTEGER AS gpr,
       count(*) FILTER (WHERE acr)::INTEGER AS acr,
       count(*) FILTER (WHERE orf)::INTEGER AS orf,
       count(*) FILTER (WHERE NOT (gpr OR acr OR orf))::INTEGER AS uor`);

/** metrics.md Tier 1 and Tier 2, overall (`role` null) and per effective role: `TierRow`s. */
export function tierQuery(settings: MetricSettings, source: FactsSource = 'inline'): SqlQuery {
  return sql`
SELECT CASE WHEN grouping(role) = 1 THEN NULL ELSE role END AS role, ${RETRIEVAL_AGGREGATES}
FROM ${factsFrom(settings, source)} AS facts
GROUP BY GROUPING SETS ((), (role))
ORDER BY grouping(role) DESC, role`;
}
