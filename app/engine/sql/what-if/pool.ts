import type { MetricSettings } from '../../../model/metrics/settings';
import { poolOfListsQuery, poolSizeOfListsQuery } from '../compare/pool';
import { settingsFilter } from '../metrics/filters';
import { RETRIEVAL_COLUMNS } from '../metrics/retrieval-base';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import { DUCKDB, type SqlDialect } from '../dialect';

/**
 * docs/metrics.md, "Judged depth, bounds and the pool", for a what-if: the judged retrievals of
 * the population (every one is paired: with itself), two lists each, the logged one (slice A) and
 * the pipeline's (slice B) (`lists`, a table of `whatIfListsQuery`; `logged`, the side "logged" of
 * `loggedBaseSelect`).
 */
function whatIfLists(settings: MetricSettings, logged: string, lists: string): SqlQuery {
  const judged = sql`SELECT retrieval_id, query FROM ${rawSql(logged)} WHERE judged AND query IS NOT NULL AND ${settingsFilter(settings, RETRIEVAL_COLUMNS)}`;
  return sql`
  WITH judged AS (${judged})
  SELECT j.retrieval_id, j.query, r.returned_asset_ids AS asset_ids, true AS in_a, false AS in_b FROM judged j JOIN retrievals r ON r.retrieval_id = j.retrieval_id
  UNION ALL
  SELECT j.retrieval_id, j.query, w.asset_ids, false AS in_a, true AS in_b FROM judged j JOIN ${rawSql(lists)} w ON w.retrieval_id = j.retrieval_id`;
}

/** The what-if's pool: `PoolItemRow`s in pool order, as a comparison's. */
export const whatIfPoolRowsQuery = (settings: MetricSettings, logged: string, lists: string, limit?: number): SqlQuery =>
  poolOfListsQuery(whatIfLists(settings, logged, lists), settings.k, limit);

/** The number of items of the what-if's pool. */
export const whatIfPoolSizeQuery = (settings: MetricSettings, logged: string, lists: string, d: SqlDialect = DUCKDB): SqlQuery =>
  poolSizeOfListsQuery(whatIfLists(settings, logged, lists), settings.k, d);
