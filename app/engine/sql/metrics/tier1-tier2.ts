import type { MetricSettings } from '../../../model/metrics/settings';
import { DUCKDB, type SqlDialect } from '../dialect';
import { factsFrom, type FactsSource } from './retrieval-facts';
import type { TierRow } from '../../../model/metrics/rows';
import { specOf } from '../core/row-spec';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';

export type { RetrievalAggregates, TierRow } from '../../../model/metrics/rows';

/**
 * The sum of a column of doubles as an exact decimal (each value to 28 places), read back as the
 * nearest double: unlike a sum of doubles, it does not depend on the order the rows are added in,
 * so native DuckDB on every core gives the browser's numbers to the last digit.
 */
export const exactSum = (column: string, dialect: SqlDialect = DUCKDB) => rawSql(dialect.exactSum(column));

const exactSums = (columns: string[], dialect: SqlDialect) => columns.map((column) => `${exactSum(column, dialect).sql} AS sum_${column}`).join(', ');

/** The SELECT list of `RetrievalAggregates` (model/metrics/rows.ts) over `retrievalFactsQuery` rows. */
export const retrievalAggregates = (dialect: SqlDialect = DUCKDB) => rawSql(`
       count(*)::INTEGER AS retrievals,
       ${dialect.countWhere('is_empty')}::INTEGER AS empty,
       ${dialect.countWhere('failed')}::INTEGER AS failed,
       ${dialect.countWhere('judged')}::INTEGER AS judged,
       ${exactSums(['p_at_1', 'p_at_k', 'recall_at_k', 'ndcg_at_k', 'rr', 'judged_at_k', 'p_at_1_high', 'p_at_k_high', 'ndcg_at_k_high', 'rr_high'], dialect)},
       ${dialect.countWhere('gpr')}::INTEGER AS gpr,
       ${dialect.countWhere('acr')}::INTEGER AS acr,
       ${dialect.countWhere('orf')}::INTEGER AS orf,
       ${dialect.countWhere('NOT (gpr OR acr OR orf)')}::INTEGER AS uor`);

export const RETRIEVAL_AGGREGATES = retrievalAggregates();

/** The columns of `retrievalAggregates`. */
export const AGGREGATE_COLUMNS = {
  retrievals: 'number', empty: 'number', failed: 'number', judged: 'number',
  sum_p_at_1: 'number|null', sum_p_at_k: 'number|null', sum_recall_at_k: 'number|null', sum_ndcg_at_k: 'number|null', sum_rr: 'number|null',
  sum_judged_at_k: 'number|null', sum_p_at_1_high: 'number|null', sum_p_at_k_high: 'number|null', sum_ndcg_at_k_high: 'number|null', sum_rr_high: 'number|null',
  gpr: 'number', acr: 'number', orf: 'number', uor: 'number',
} as const;

export const TIER_ROW = specOf<TierRow>()({ role: 'string|null', ...AGGREGATE_COLUMNS });

/** docs/metrics.md Tier 1 and Tier 2, overall (`role` null) and per effective role: `TierRow`s. */
export function tierQuery(settings: MetricSettings, source: FactsSource = 'inline', dialect: SqlDialect = DUCKDB): SqlQuery {
  return sql`
SELECT CASE WHEN grouping(role) = 1 THEN NULL ELSE role END AS role, ${retrievalAggregates(dialect)}
FROM ${factsFrom(settings, source, dialect)} AS facts
GROUP BY GROUPING SETS ((), (role))
ORDER BY grouping(role) DESC, role`;
}
