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
 * docs/metrics.md, "Judged depth, bounds and the pool": every (query, asset) unlabeled among the first
 * K of a judged retrieval of a paired query (a query with a judged retrieval in each slice), in
 * either slice. A list is a retrieval's returned list, de-duplicated as Tier 1 ranks it; a
 * retrieval in both slices is one list; an asset counts in the lists where it carries no resolved
 * relevance label. Ordered by priority (desc), then query, then asset id; the priority is an
 * exact sum, so equal priorities are equal whatever the order of the lists.
 */
export function poolRowsQuery(a: MetricSettings, b: MetricSettings): SqlQuery {
  const judgedIn = (settings: MetricSettings) =>
    sql`SELECT retrieval_id, query FROM retrieval_base WHERE judged AND query IS NOT NULL AND ${settingsFilter(settings, RETRIEVAL_COLUMNS)}`;
  return sql`
WITH in_a AS (${judgedIn(a)}),
in_b AS (${judgedIn(b)}),
paired AS (SELECT query FROM in_a INTERSECT SELECT query FROM in_b),
lists AS (
  SELECT retrieval_id, query FROM in_a WHERE query IN (SELECT query FROM paired)
  UNION
  SELECT retrieval_id, query FROM in_b WHERE query IN (SELECT query FROM paired)
),
-- each list's first K distinct assets in order (a repeat counts at its first position), one row each with its rank
top_k AS (
  SELECT l.retrieval_id, l.query,
         list_slice(list_filter(r.returned_asset_ids, lambda asset, position: list_position(r.returned_asset_ids, asset) = position), 1, ${a.k}) AS assets
  FROM lists l JOIN retrievals r ON r.retrieval_id = l.retrieval_id
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

/** The number of items of `poolRowsQuery` (the report's `compare.pool`). */
export function poolSizeQuery(a: MetricSettings, b: MetricSettings): SqlQuery {
  return sql`SELECT count(*)::INTEGER AS items FROM (${poolRowsQuery(a, b)})`;
}
