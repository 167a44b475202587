import type { MetricSettings } from '../../../model/metrics/settings';
import { DUCKDB } from '../dialect';
import { exactSum } from '../metrics/tier1-tier2';
import { settingsFilter } from '../metrics/filters';
import { RETRIEVAL_COLUMNS } from '../metrics/retrieval-base';
import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';

/** One item of a comparison's pool, in pool order. */
export interface PoolItemRow {
  query: string;
  asset_id: string;
  /** Σ over the lists where the asset is unlabeled among the first K of 1 / log2(1 + its rank there). */
  priority: number;
  /** How many such lists. */
  lists: number;
}

/**
 * metrics.md, "Judged depth, bounds and the pool", the pool of some ranked lists: `lists` gives
 * one row per list, `(retrieval_id, query, asset_ids)`. Each list counts its first K distinct
 * assets (a repeat at its first position, as Tier 1 ranks it); an asset counts in the lists of
 * retrievals where it carries no resolved relevance label. Ordered by priority (desc), then
 * query, then asset id; the priority is an exact sum, so equal priorities are equal whatever the
 * order of the lists. The comparison's pool and the what-if's (../what-if/) are both this one.
 */
export function poolOfListsQuery(lists: SqlQuery, k: number): SqlQuery {
  return sql`
WITH lists AS (${lists}),
-- each list's first K distinct assets in order (a repeat counts at its first position), one row each with its rank
top_k AS (
  SELECT retrieval_id, query,
         list_slice(list_filter(asset_ids, lambda asset, position: list_position(asset_ids, asset) = position), 1, ${k}) AS assets
  FROM lists
),
ranked AS (
  SELECT retrieval_id, query, ${rawSql(DUCKDB.unnestWithPosition('assets', 'asset_id', 'list_rank'))} FROM top_k
),
unlabeled AS (
  SELECT * FROM ranked
  WHERE NOT EXISTS (SELECT 1 FROM resolved_relevance label WHERE label.retrieval_id = ranked.retrieval_id AND label.asset_id = ranked.asset_id)
)
SELECT query, asset_id, ${exactSum('1 / log2(1 + list_rank)')} AS priority, count(*)::INTEGER AS lists
FROM unlabeled
GROUP BY query, asset_id
ORDER BY priority DESC, query, asset_id`;
}

/**
 * The pool of a comparison: every (query, asset) unlabeled among the first K of a judged
 * retrieval of a paired query (a query with a judged retrieval in each slice), in either slice.
 * A list is a retrieval's returned list; a retrieval in both slices is one list.
 */
export function poolRowsQuery(a: MetricSettings, b: MetricSettings): SqlQuery {
  const judgedIn = (settings: MetricSettings) =>
    sql`SELECT retrieval_id, query FROM retrieval_base WHERE judged AND query IS NOT NULL AND ${settingsFilter(settings, RETRIEVAL_COLUMNS)}`;
  return poolOfListsQuery(sql`
  WITH in_a AS (${judgedIn(a)}),
  in_b AS (${judgedIn(b)}),
  paired AS (SELECT query FROM in_a INTERSECT SELECT query FROM in_b),
  listed AS (
    SELECT retrieval_id, query FROM in_a WHERE query IN (SELECT query FROM paired)
    UNION
    SELECT retrieval_id, query FROM in_b WHERE query IN (SELECT query FROM paired)
  )
  SELECT l.retrieval_id, l.query, r.returned_asset_ids AS asset_ids FROM listed l JOIN retrievals r ON r.retrieval_id = l.retrieval_id`, a.k);
}

/** The number of items of `poolRowsQuery` (the report's `compare.pool`). */
export const poolSizeQuery = (a: MetricSettings, b: MetricSettings): SqlQuery => poolSizeOf(poolRowsQuery(a, b));

/** The number of items of a pool query. */
export const poolSizeOf = (pool: SqlQuery): SqlQuery => sql`SELECT count(*)::INTEGER AS items FROM (${pool})`;
