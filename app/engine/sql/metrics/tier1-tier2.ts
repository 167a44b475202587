import type { MetricSettings } from '../../../model/metrics/settings';
import { factsFrom, type FactsSource } from './retrieval-facts';
import { rawSql, sql, type SqlQuery } from './sql-query';

export type { RetrievalAggregates, TierRow } from '../../../model/metrics/rows';

/**
 * The sum of a column of doubles as an exact decimal (each value to 28 places), read back as the
 * nearest double: unlike a sum of doubles, it does not depend on the order the rows are added in,
 * so native DuckDB on every core gives the browser's numbers to the last digit.
 */
export const exactSum = (column: string) => rawSql(`CAST(sum(${column}::DECIMAL(38, 28))::VARCHAR AS DOUBLE)`);

const exactSums = (columns: string[]) => columns.map((column) => `${exactSum(column).sql} AS sum_${column}`).join(', ');

/** The SELECT list of `RetrievalAggregates` (model/metrics/rows.ts) over `retrievalFactsQuery` rows. */
export const RETRIEVAL_AGGREGATES = rawSql(`
       count(*)::INTEGER AS retrievals,
       count(*) FILTER (WHERE is_empty)::INTEGER AS empty,
       count(*) FILTER (WHERE judged)::INTEGER AS judged,
       ${exactSums(['p_at_1', 'p_at_k', 'recall_at_k', 'ndcg_at_k', 'rr'])},
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
