import type { MetricSettings } from '../../../model/metrics/settings';
import { poolOfListsQuery } from '../compare/pool';
import { settingsFilter } from '../metrics/filters';
import { RETRIEVAL_COLUMNS } from '../metrics/retrieval-base';
import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';

/**
 * metrics.md, "Judged depth, bounds and the pool", for a what-if: the pool of the judged
 * retrievals of the population (every one is paired: with itself) over two lists each, the
 * logged one and the pipeline's (`lists`, a table of `whatIfListsQuery`; `logged`, the side
 * "logged" of `loggedBaseSelect`). Rows are `PoolItemRow`s, in pool order, as a comparison's.
 */
export function whatIfPoolRowsQuery(settings: MetricSettings, logged: string, lists: string): SqlQuery {
  const judged = sql`SELECT retrieval_id, query FROM ${rawSql(logged)} WHERE judged AND query IS NOT NULL AND ${settingsFilter(settings, RETRIEVAL_COLUMNS)}`;
  return poolOfListsQuery(sql`
  WITH judged AS (${judged})
  SELECT j.retrieval_id, j.query, r.returned_asset_ids AS asset_ids FROM judged j JOIN retrievals r ON r.retrieval_id = j.retrieval_id
  UNION ALL
  SELECT j.retrieval_id, j.query, w.asset_ids FROM judged j JOIN ${rawSql(lists)} w ON w.retrieval_id = j.retrieval_id`, settings.k);
}
