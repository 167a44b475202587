import type { MetricSettings } from '../../../model/metrics/settings';
import { DUCKDB, type SqlDialect } from '../dialect';
import { exactSum } from '../metrics/tier1-tier2';
import { settingsFilter } from '../metrics/filters';
import { RETRIEVAL_COLUMNS } from '../metrics/retrieval-base';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import type { RowOf } from '../core/row-spec';

/** One item of a comparison's pool, in pool order. */
export const POOL_ITEM_ROW = {
  query: 'string',
  asset_id: 'string',
  /** Σ over the lists where the asset is unlabeled among the first K of 1 / log2(1 + its rank there). */
  priority: 'number',
  /** How many such lists. */
  lists: 'number',
  /** The asset's best rank among the first K of the query's judged retrievals in slice A (labeled there or not); null when none holds it. */
  rank_a: 'number|null',
  rank_b: 'number|null',
  /** The retrievals whose first K hold the asset unlabeled: a label on each takes the item out of the pool. */
  retrieval_ids: 'string[]',
  /** The asset's catalog entry, when the logs have one. */
  title: 'string|null',
  text: 'string|null',
} as const;

export type PoolItemRow = RowOf<typeof POOL_ITEM_ROW>;

/** The size of a pool: `poolSizeQuery`, `poolSizeOfListsQuery`. */
export const POOL_SIZE_ROW = { items: 'number' } as const;

/**
 * docs/metrics.md, "Judged depth, bounds and the pool": the CTEs `ranked`, every asset among the
 * first K distinct assets of a list (a repeat at its first position, as Tier 1 ranks it) with its
 * rank, and `marked`, those rows with whether they are `unlabeled`. `lists` gives one row per list: `(retrieval_id, query, asset_ids, in_a, in_b)`, a list
 * of slice A, of slice B or of both. A comparison's lists (comparisonLists) and a what-if's
 * (../what-if/pool.ts) are both pooled by this one rule.
 */
function rankedInLists(lists: SqlQuery, k: number, d: SqlDialect): SqlQuery {
  return sql`
lists AS (${lists}),
-- each list's first K distinct assets in order (a repeat counts at its first position), one row each with its rank
top_k AS (
  SELECT retrieval_id, query, in_a, in_b, ${rawSql(d.listSlice(d.listFirstOccurrences('asset_ids'), '1', String(k)))} AS assets
  FROM lists
),
ranked AS (
  SELECT retrieval_id, query, in_a, in_b, ${rawSql(d.unnestWithPosition('assets', 'asset_id', 'list_rank'))} FROM top_k
),
-- each row of ranked, whether it carries no resolved relevance label
labeled AS (SELECT DISTINCT retrieval_id, asset_id FROM resolved_relevance),
marked AS (
  SELECT ${rawSql(['retrieval_id', 'query', 'in_a', 'in_b', 'asset_id', 'list_rank'].map((column) => d.column('ranked', column)).join(', '))},
         labeled.asset_id IS NULL AS unlabeled
  FROM ranked LEFT JOIN labeled ON labeled.retrieval_id = ranked.retrieval_id AND labeled.asset_id = ranked.asset_id
)`;
}

/**
 * The lists of a comparison: each judged retrieval of a paired query (a query with a judged
 * retrieval in each slice), in either slice; a retrieval in both slices is one list, marked in both.
 */
function comparisonLists(a: MetricSettings, b: MetricSettings, d: SqlDialect): SqlQuery {
  const judgedIn = (settings: MetricSettings) =>
    sql`SELECT retrieval_id, query FROM retrieval_base WHERE judged AND query IS NOT NULL AND ${settingsFilter(settings, RETRIEVAL_COLUMNS)}`;
  return sql`
WITH in_a AS (${judgedIn(a)}),
in_b AS (${judgedIn(b)}),
paired AS (SELECT query FROM in_a INTERSECT SELECT query FROM in_b),
listed AS (
  SELECT coalesce(la.retrieval_id, lb.retrieval_id) AS retrieval_id, coalesce(la.query, lb.query) AS query,
         ${rawSql(d.asBool('la.retrieval_id IS NOT NULL'))} AS in_a, ${rawSql(d.asBool('lb.retrieval_id IS NOT NULL'))} AS in_b
  FROM (SELECT * FROM in_a WHERE query IN (SELECT query FROM paired)) la
  FULL JOIN (SELECT * FROM in_b WHERE query IN (SELECT query FROM paired)) lb ON la.retrieval_id = lb.retrieval_id
)
SELECT l.retrieval_id, l.query, r.returned_asset_ids AS asset_ids, l.in_a, l.in_b
FROM listed l JOIN retrievals r ON r.retrieval_id = l.retrieval_id`;
}

/**
 * The pool of some lists (rankedInLists): every (query, asset) unlabeled among the first K of one
 * of them, an asset counting in the lists where it carries no resolved relevance label. Ordered
 * by priority (desc), then query, then asset id; the priority is an exact sum, so equal
 * priorities are equal whatever the order of the lists. Each item with its best rank in each
 * slice and its catalog text; `limit` keeps the first items only.
 */
export function poolOfListsQuery(lists: SqlQuery, k: number, limit?: number): SqlQuery {
  return sql`
WITH ${rankedInLists(lists, k, DUCKDB)},
items AS (
  SELECT query, asset_id,
         ${exactSum('CASE WHEN unlabeled THEN 1 / log2(1 + list_rank) ELSE 0 END')} AS priority,
         count(*) FILTER (WHERE unlabeled)::INTEGER AS lists,
         min(list_rank) FILTER (WHERE in_a)::INTEGER AS rank_a,
         min(list_rank) FILTER (WHERE in_b)::INTEGER AS rank_b,
         list_sort(list(DISTINCT retrieval_id) FILTER (WHERE unlabeled)) AS retrieval_ids
  FROM marked
  GROUP BY query, asset_id
  HAVING bool_or(unlabeled)
  ORDER BY priority DESC, query, asset_id
  ${rawSql(limit === undefined ? '' : `LIMIT ${Math.max(0, Math.floor(limit))}`)}
)
SELECT items.*, catalog.title, catalog.text
FROM items LEFT JOIN asset_catalog catalog ON catalog.asset_id = items.asset_id
ORDER BY items.priority DESC, items.query, items.asset_id`;
}

/** The number of items of `poolOfListsQuery`, without what only a queue shows. */
export function poolSizeOfListsQuery(lists: SqlQuery, k: number, d: SqlDialect = DUCKDB): SqlQuery {
  return sql`
WITH ${rankedInLists(lists, k, d)}
SELECT count(*)::INTEGER AS items FROM (SELECT DISTINCT query, asset_id FROM marked WHERE unlabeled) pooled`;
}

/** The pool of a comparison (docs/metrics.md): its lists' pool, the first `limit` items when given. */
export const poolRowsQuery = (a: MetricSettings, b: MetricSettings, limit?: number): SqlQuery => poolOfListsQuery(comparisonLists(a, b, DUCKDB), a.k, limit);

/** The number of items of `poolRowsQuery` (the report's `compare.pool`). */
export const poolSizeQuery = (a: MetricSettings, b: MetricSettings, d: SqlDialect = DUCKDB): SqlQuery => poolSizeOfListsQuery(comparisonLists(a, b, d), a.k, d);
