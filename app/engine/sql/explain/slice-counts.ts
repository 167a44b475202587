import { EXPLAIN_ATTRIBUTES, SLICE_SHAPES, type ExplainAttribute } from '../../../model/explain/signals';
import type { SliceCountRow, SliceValues } from '../../../model/explain/slices';
import type { MetricSettings } from '../../../model/metrics/settings';
import { DUCKDB } from '../dialect';
import { specOf, type RowOf } from '../core/row-spec';
import { identifier, rawSql, sql, type SqlQuery } from '../core/sql-query';
import { sliceAttributesQuery, type ExplainScope } from './slice-attributes';

/**
 * The 1-based attribute numbers of each shape's first or second attribute (0: none, whose value
 * is NULL), as a constant list indexed by shape + 2: the totals shape first, then shape 0, 1, …
 */
function shapeAttributeNumbers(position: 0 | 1): string {
  const numbers = SLICE_SHAPES.map((shape) => (shape[position] === undefined ? 0 : EXPLAIN_ATTRIBUTES.indexOf(shape[position]!) + 1));
  return `[0, ${numbers.join(', ')}]`;
}

/** The shape of the population's totals row: every retrieval in one group. */
export const TOTALS_SHAPE = -1;

export const SLICE_COUNT_ROW = specOf<SliceCountRow>()({ shape: 'number', value1: 'string', value2: 'string|null', n: 'number', hits: 'number' });

/**
 * Every slice of docs/metrics.md (each attribute = value, each pair of two attributes' values) with
 * support n ≥ `minSupport`, as `SliceCountRow`s in order, after one row of shape -1: the
 * population and its hits. The retrievals are first counted per combination of all the
 * attributes (far fewer rows than retrievals); each combination then adds to its 55 slices, one
 * per shape, its values looked up in the list of its attributes by the shape's attribute numbers.
 */
export function sliceCountsQuery(settings: MetricSettings, scope: ExplainScope, minSupport: number): SqlQuery {
  const d = scope.dialect ?? DUCKDB;
  const attributes = EXPLAIN_ATTRIBUTES.join(', ');
  const valueAt = (position: 0 | 1) => d.listElement('attribute_values', d.listElement(shapeAttributeNumbers(position), 'shape + 2'));
  return sql`
WITH combinations AS (
  SELECT ${rawSql(d.stringList([...EXPLAIN_ATTRIBUTES]))} AS attribute_values, count(*) AS n, ${rawSql(d.countWhere('hit'))} AS hits
  FROM (${sliceAttributesQuery(settings, scope)}) AS retrieval_attributes
  GROUP BY ${rawSql(attributes)}
),
shaped AS (
  SELECT attribute_values, n, hits, ${rawSql(d.unnest(d.integerRange(String(TOTALS_SHAPE), String(SLICE_SHAPES.length))))} AS shape FROM combinations
),
valued AS (
  SELECT shape, ${rawSql(valueAt(0))} AS value1, ${rawSql(valueAt(1))} AS value2, n, hits FROM shaped
)
SELECT shape, value1, value2, sum(n)::INTEGER AS n, sum(hits)::INTEGER AS hits
FROM valued
GROUP BY shape, value1, value2
HAVING sum(n) >= ${minSupport} OR shape = ${TOTALS_SHAPE}
ORDER BY shape, value1, value2`;
}

export const SLICE_RETRIEVAL_ROW = {
  retrieval_id: 'string', session_id: 'string', query: 'string|null', retriever: 'string', role: 'string', hit: 'boolean', ts: 'number',
} as const;

export type SliceRetrievalRow = RowOf<typeof SLICE_RETRIEVAL_ROW>;

/** A slice's retrievals, those with the signal first, then in time order; the first `limit`. */
export function sliceRetrievalsQuery(settings: MetricSettings, scope: ExplainScope, slice: SliceValues, limit = 1000): SqlQuery {
  const conditions = (Object.entries(slice) as [ExplainAttribute, string][])
    .filter(([attribute]) => EXPLAIN_ATTRIBUTES.includes(attribute))
    .map(([attribute, value]) => sql` AND ${identifier(attribute)} = ${value}`);
  const where = conditions.reduce((all, part) => sql`${all}${part}`, sql`TRUE`);
  return sql`
SELECT retrieval_id, session_id, query, retriever, role, hit, ts
FROM (${sliceAttributesQuery(settings, scope)}) AS retrieval_attributes
WHERE ${where}
ORDER BY hit DESC, ts, seq
LIMIT CAST(${limit} AS BIGINT)`;
}
