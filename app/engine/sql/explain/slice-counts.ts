import { EXPLAIN_ATTRIBUTES, SLICE_SHAPES, type ExplainAttribute } from '../../../model/explain/signals';
import type { SliceValues } from '../../../model/explain/slices';
import type { MetricSettings } from '../../../model/metrics/settings';
import { DUCKDB } from '../dialect';
import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';
import { sliceAttributesQuery, type ExplainScope } from './slice-attributes';

/** The value of the `position`-th attribute of each slice shape (NULL for a single's second). */
function shapeValue(position: 0 | 1): string {
  const arms = SLICE_SHAPES.flatMap((shape, index) => (shape[position] === undefined ? [] : [`WHEN ${index} THEN ${shape[position]}`]));
  return `CASE shape ${arms.join(' ')} ELSE NULL END`;
}

/**
 * Every slice of metrics.md (each attribute = value, each pair of two attributes' values) with
 * support n ≥ `minSupport`: `SliceCountRow`s, ordered. The retrievals are first counted per
 * combination of all the attributes (far fewer rows than retrievals), and each combination then
 * adds to its 55 slices, one per shape.
 */
export function sliceCountsQuery(settings: MetricSettings, scope: ExplainScope, minSupport: number): SqlQuery {
  const d = scope.dialect ?? DUCKDB;
  const attributes = EXPLAIN_ATTRIBUTES.join(', ');
  return sql`
WITH combinations AS (
  SELECT ${rawSql(attributes)}, count(*) AS n, ${rawSql(d.countWhere('hit'))} AS hits
  FROM (${sliceAttributesQuery(settings, scope)}) AS retrieval_attributes
  GROUP BY ${rawSql(attributes)}
),
shaped AS (
  SELECT ${rawSql(attributes)}, n, hits, ${rawSql(d.unnest(d.integerRange('0', String(SLICE_SHAPES.length))))} AS shape FROM combinations
),
valued AS (
  SELECT shape, ${rawSql(shapeValue(0))} AS value1, ${rawSql(shapeValue(1))} AS value2, n, hits FROM shaped
)
SELECT shape, value1, value2, sum(n)::INTEGER AS n, sum(hits)::INTEGER AS hits
FROM valued
GROUP BY shape, value1, value2
HAVING sum(n) >= ${minSupport}
ORDER BY shape, value1, value2`;
}

/** The population and its hits. */
export function signalTotalsQuery(settings: MetricSettings, scope: ExplainScope): SqlQuery {
  const d = scope.dialect ?? DUCKDB;
  return sql`
SELECT count(*)::INTEGER AS population, ${rawSql(d.countWhere('hit'))}::INTEGER AS hits
FROM (${sliceAttributesQuery(settings, scope)}) AS retrieval_attributes`;
}

export interface SliceRetrievalRow {
  retrieval_id: string;
  session_id: string;
  query: string | null;
  retriever: string;
  role: string;
  hit: boolean;
  ts: number;
}

/** A slice's retrievals, those with the signal first, then in time order; the first `limit`. */
export function sliceRetrievalsQuery(settings: MetricSettings, scope: ExplainScope, slice: SliceValues, limit = 1000): SqlQuery {
  const conditions = (Object.entries(slice) as [ExplainAttribute, string][])
    .filter(([attribute]) => EXPLAIN_ATTRIBUTES.includes(attribute))
    .map(([attribute, value]) => sql` AND ${rawSql(attribute)} = ${value}`);
  const where = conditions.reduce((all, part) => sql`${all}${part}`, sql`TRUE`);
  return sql`
SELECT retrieval_id, session_id, query, retriever, role, hit, ts
FROM (${sliceAttributesQuery(settings, scope)}) AS retrieval_attributes
WHERE ${where}
ORDER BY hit DESC, ts, seq
LIMIT CAST(${limit} AS BIGINT)`;
}
