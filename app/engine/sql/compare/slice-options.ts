import { specOf } from '../core/row-spec';
import { literal } from '../core/quote';
import { identifier, joinSql, rawSql, sql, type SqlQuery } from '../core/sql-query';

/** A value a slice filter can take, with how many retrievals have it. */
export interface SliceOptionRow {
  key: 'retriever' | 'run_id' | 'surface' | 'role' | 'category';
  value: string;
  retrievals: number;
}

export const SLICE_OPTION_ROW = specOf<SliceOptionRow>()({ key: 'string', value: 'string', retrievals: 'number' });

const COLUMNS = ['retriever', 'run_id', 'surface', 'role', 'category'] as const;

/** Every value of each slice filter over the retrievals (role = the effective role, category by event-scope.ts's rule). */
export function sliceOptionsQuery(): SqlQuery {
  const parts = COLUMNS.map((column) => {
    const value = identifier(column);
    return sql`SELECT ${rawSql(literal(column))} AS key, ${value} AS value, count(*)::INTEGER AS retrievals FROM retrieval_base WHERE ${value} IS NOT NULL GROUP BY ${value}`;
  });
  return sql`${joinSql(parts, '\nUNION ALL\n')}\nORDER BY key, value`;
}

/** The two values of a column that share the most judged query texts; `a` is the one seen first. */
export interface DefaultPairRow {
  a: string;
  b: string;
  shared: number;
  /** Judged query texts of either value: `shared` of them are in both. */
  queries: number;
}

export const DEFAULT_PAIR_ROW = specOf<DefaultPairRow>()({ a: 'string', b: 'string', shared: 'number', queries: 'number' });

/**
 * The comparison a first start shows: of all pairs of values of `column` (`retriever` or
 * `run_id`), the one whose judged retrievals share the most distinct query texts (ties: the
 * larger share of their queries in both, then by name), ordered so that A is the value whose first retrieval came first, the older system.
 */
export function defaultPairQuery(column: 'retriever' | 'run_id'): SqlQuery {
  const value = identifier(column);
  return sql`
WITH judged_queries AS (
  SELECT DISTINCT ${value} AS value, query FROM retrieval_base WHERE judged AND query IS NOT NULL AND ${value} IS NOT NULL
),
query_counts AS (SELECT value, count(*) AS queries FROM judged_queries GROUP BY value),
first_seen AS (SELECT ${value} AS value, min(ts) AS first_ts FROM retrieval_base WHERE ${value} IS NOT NULL GROUP BY ${value}),
best AS (
  SELECT pairs.*, (cx.queries + cy.queries - pairs.shared)::INTEGER AS queries
  FROM (
    SELECT x.value AS x, y.value AS y, count(*)::INTEGER AS shared
    FROM judged_queries x JOIN judged_queries y ON x.query = y.query AND x.value < y.value
    GROUP BY x.value, y.value
  ) pairs
  JOIN query_counts cx ON cx.value = pairs.x JOIN query_counts cy ON cy.value = pairs.y
  ORDER BY shared DESC, shared / (cx.queries + cy.queries - shared) DESC, x, y
  LIMIT 1
)
SELECT CASE WHEN fx.first_ts <= fy.first_ts THEN best.x ELSE best.y END AS a,
       CASE WHEN fx.first_ts <= fy.first_ts THEN best.y ELSE best.x END AS b,
       best.shared, best.queries
FROM best JOIN first_seen fx ON fx.value = best.x JOIN first_seen fy ON fy.value = best.y`;
}
