import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createNodeEngine } from '../node-engine';
import { CLICKHOUSE, DUCKDB, type SqlDialect } from '../sql/dialect';
import { run } from '../sql/core/run';
import { createChdbEngine } from './chdb-engine';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';

/*
 * Every construct of the seam, run on DuckDB (the wasm engine the browser runs) and on ClickHouse
 * (chdb) over the same three rows, against values worked out by hand.
 *   g    x     ord  l
 *   'a'  3     2    [3, 1, 2]
 *   'a'  NULL  1    []
 *   'b'  5     3    [4]
 */
const ROWS = "('a', 3, 2, [3, 1, 2]), ('a', NULL, 1, []), ('b', 5, 3, [4])";
const SETUP: Record<SqlDialect['name'], string> = {
  duckdb: `CREATE TABLE t (g VARCHAR, x INTEGER, ord INTEGER, l INTEGER[]); INSERT INTO t VALUES ${ROWS};`,
  clickhouse: `CREATE TABLE t (g String, x Nullable(Int32), ord Int32, l Array(Int32)) ENGINE = MergeTree ORDER BY ord; INSERT INTO t VALUES ${ROWS};`,
};

/**
 * The double nearest the sum of each value's DECIMAL(38, 28) as DuckDB casts it: the double
 * product value × 10^28 (an integer above 2^53), else that product rounded half to even.
 */
function exactDecimalSum(values: number[]): number {
  const units = values.map((v) => {
    const scaled = v * 1e28;
    if (Math.abs(scaled) >= 2 ** 53) return BigInt(scaled);
    const floor = Math.floor(scaled);
    const half = scaled - floor === 0.5;
    return BigInt(half ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(scaled));
  });
  const sum = units.reduce((a, b) => a + b, 0n);
  const abs = sum < 0n ? -sum : sum;
  const scale = 10n ** 28n;
  return Number(`${sum < 0n ? '-' : ''}${abs / scale}.${(abs % scale).toString().padStart(28, '0')}`);
}

const engines: [string, SqlDialect, () => Promise<Engine>][] = [
  ['DuckDB', DUCKDB, createNodeEngine],
  ['ClickHouse', CLICKHOUSE, () => createChdbEngine({ install: true })],
];

describe.skipIf(!CHDB_TESTS_ENABLED)(CHDB_TESTS_ENABLED ? 'the dialect seam' : `the dialect seam (${CHDB_SKIP_MESSAGE})`, () => {
  describe.each(engines)('on %s', (_, dialect, create) => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await create();
      await engine.exec(SETUP[dialect.name]);
    });
    afterAll(() => engine?.close());

    /** One value: the column `v` of the only row. */
    const value = async (expression: string, rest = 'FROM t') => (await run(engine, `SELECT ${expression} AS v ${rest}`, { v: 'json' }))[0].v;
    /** Column `v` of every row of t, by ord. */
    const perRow = async (expression: string) => (await run(engine, `SELECT ${expression} AS v FROM t ORDER BY ord`, { v: 'json' })).map((row) => row.v);

    it('labels ISO weeks in UTC, across a year boundary', async () => {
      // 2024-12-29 (Sunday) is in 2024-W52; 2024-12-30 (Monday) starts 2025-W01; 2026-01-01 (Thursday) is in 2026-W01
      for (const [ms, week] of [[1735430400000, '2024-W52'], [1735516800000, '2025-W01'], [1767225600000 + 0.5, '2026-W01']] as const) {
        expect(await value(dialect.isoWeek(String(ms)), '')).toBe(week);
      }
    });

    it('formats integer epoch milliseconds in UTC', async () => {
      expect(await value(dialect.formatEpochMs('20454::BIGINT * 86400000', '%Y-%m-%d'), '')).toBe('2026-01-01');
      expect(await value(dialect.formatEpochMs('1735430400000::BIGINT', '%G-W%V'), '')).toBe('2024-W52');
    });

    it('labels days in UTC', async () => {
      expect(await value(dialect.isoDay('1767225599999'), '')).toBe('2025-12-31');
      expect(await value(dialect.isoDay('1767225600000'), '')).toBe('2026-01-01');
    });

    it('ORs bits and takes any value', async () => {
      expect(await value(`${dialect.bitOr('ord')}::INTEGER`)).toBe(3);
      expect(await value(dialect.anyValue('g'), "FROM t WHERE g = 'b'")).toBe('b');
    });

    it('counts and aggregates the rows a condition keeps', async () => {
      expect(await value(`${dialect.countWhere('x > 2')}::INTEGER`)).toBe(2);
      expect(await value(`${dialect.countWhere('x > 10')}::INTEGER`)).toBe(0);
      // non-NULL x at ord 2 (a) and 3 (b)
      expect(await value(dialect.aggregateWhere('arg_min', ['g', 'ord'], 'x IS NOT NULL'))).toBe('a');
      expect(await value(dialect.aggregateWhere('arg_max', ['g', 'ord'], 'x IS NOT NULL'))).toBe('b');
      expect(await value(dialect.aggregateWhere('sum', ['x'], "g = 'z'"))).toBeNull();
    });

    it('takes arg_min / arg_max, skipping NULL values in both', async () => {
      // the smallest ord (1) has x NULL: both skip it and answer the next (ord 2: 3)
      expect(await value(dialect.argMin('x', 'ord'))).toBe(3);
      expect(await value(dialect.argMax('g', 'ord'))).toBe('b');
    });

    it('gives real booleans for bool_or and comparisons', async () => {
      expect(await value(dialect.boolOr('x > 4'))).toBe(true);
      expect(await value(dialect.boolOr('x > 10'))).toBe(false);
      expect(await perRow(dialect.asBool('ord >= 2'))).toEqual([false, true, true]);
    });

    it('measures, searches and filters lists (1-based)', async () => {
      expect(await perRow(dialect.listLength('l'))).toEqual([0, 3, 1]);
      expect(await perRow(dialect.asBool(dialect.listContains('l', '1')))).toEqual([false, true, false]);
      expect(await perRow(dialect.asBool(dialect.listHasAny('l', '[4, 9]')))).toEqual([false, false, true]);
      expect(await perRow(dialect.listFilter('l', 'r', 'r <= 2'))).toEqual([[], [1, 2], []]);
      expect(await perRow(dialect.listTransformWithIndex('l', 'r', 'i', 'r * i'))).toEqual([[], [3, 2, 6], [4]]);
      expect(await perRow(`coalesce(${dialect.listSum('l')}, 0)::DOUBLE`)).toEqual([0, 6, 4]);
      expect(await perRow(dialect.listSlice('l', '1', '2'))).toEqual([[], [3, 1], [4]]);
      expect(await perRow(dialect.listSlice('l', '1', '0'))).toEqual([[], [], []]);
      expect(await value(dialect.listDistinctSorted('[3, 1, 3]'), '')).toEqual([1, 3]);
      expect(await value(dialect.listSort('[3, 1, 3]'), '')).toEqual([1, 3, 3]);
      expect(await perRow(dialect.listPosition('l', '2'))).toEqual([0, 3, 0]);
      expect(await perRow(dialect.listElement('l', '1'))).toEqual([null, 3, 4]);
      // 1 / the first element: NULL (then 0) for an empty list on both, not 1 / 0
      expect(await perRow(`coalesce(1.0 / ${dialect.listElement('l', '1')}, 0)::DOUBLE`)).toEqual([0, 1 / 3, 0.25]);
    });

    it('sums doubles exactly, as DuckDB casts them to DECIMAL(38, 28)', async () => {
      // the first seven: nDCG values of a generated log whose sum is a hair from halfway between two doubles
      const knifeEdge = [0.26727143935736725, 0.4016142025825801, 0.3789828348358541, 0.2532954041105318, 0.1927359758169706, 0.2300510610426737, 0.3091884056432215];
      expect(exactDecimalSum(knifeEdge)).toBe(2.033139323389199);
      const values = [...knifeEdge, 1 / 3, 1e-14, 2.5e-13, -0.1, 0];
      expect(await value(dialect.exactSum('v'), `FROM (${knifeEdge.map((v) => `SELECT ${v}::DOUBLE AS v`).join(' UNION ALL ')}) s`)).toBe(2.033139323389199);
      const rows = values.map((v) => `SELECT ${v}::DOUBLE AS v`).join(' UNION ALL ');
      expect(await value(dialect.exactSum('v'), `FROM (${rows} UNION ALL SELECT NULL) s`)).toBe(exactDecimalSum(values));
      expect(await value(dialect.exactSum('v'), `FROM (${rows}) s WHERE v > 1`)).toBeNull();
    });

    it('aggregates values into a list in order', async () => {
      expect(await value(dialect.listAgg('x', 'ord', 'x IS NOT NULL'))).toEqual([3, 5]);
      expect(await value(dialect.listAgg('g', 'ord', undefined, true))).toEqual(['b', 'a', 'a']);
      expect(await value(dialect.listAgg('x', 'ord', 'x IS NOT NULL', true))).toEqual([5, 3]);
      expect(await value(dialect.listAgg('ord', 'ord', "g = 'a'"))).toEqual([1, 2]);
      expect(await value(dialect.listAggDistinctSorted('g'))).toEqual(['a', 'b']);
      expect(await value(dialect.listAggDistinctSorted('g', 'x > 4'))).toEqual(['b']);
      expect(await value(dialect.listSort(dialect.listAggDistinct('g')))).toEqual(['a', 'b']);
      expect(await value(dialect.listSort(dialect.listAggDistinct('x', 'x IS NOT NULL')))).toEqual([3, 5]);
    });

    it('builds string lists and splits text', async () => {
      expect(await value(dialect.emptyStringList(), '')).toEqual([]);
      expect(await value(`coalesce(${dialect.emptyIntegerList()}, [1])`, '')).toEqual([]);
      expect(await value(dialect.stringList(["'a'", "'b'"]), '')).toEqual(['a', 'b']);
      expect(await value(dialect.splitString("'a,b'", "','"), '')).toEqual(['a', 'b']);
      expect(await value(dialect.asBool(dialect.hasWords("' two\twords  here '", 3)), '')).toBe(true);
      expect(await value(dialect.asBool(dialect.hasWords("' two\twords  here '", 4)), '')).toBe(false);
      expect(await value(dialect.asBool(dialect.hasWords("'   '", 1)), '')).toBe(false);
      expect(await perRow(dialect.concatSkippingNulls("','", ['g', "CASE WHEN x > 4 THEN 'big' END", "'end'"]))).toEqual(['a,end', 'a,end', 'b,big,end']);
    });

    it('unnests a list with positions', async () => {
      const rows = await engine.query(`SELECT g, ${dialect.unnestWithPosition('l', 'item', 'pos')} FROM t ORDER BY ord, pos`);
      expect(rows).toEqual([{ g: 'a', item: 3, pos: 1 }, { g: 'a', item: 1, pos: 2 }, { g: 'a', item: 2, pos: 3 }, { g: 'b', item: 4, pos: 1 }]);
      expect((await engine.query(`SELECT ${dialect.unnest('l')} AS item FROM t ORDER BY item`)).map((row) => row.item)).toEqual([1, 2, 3, 4]);
    });

    it('selects all columns but some, and replaces a temp table', async () => {
      expect(Object.keys((await engine.query(`SELECT ${dialect.starExcept(['x', 'l'])} FROM t`))[0])).toEqual(['g', 'ord']);
      await engine.exec(dialect.createTempTableAs('tmp_facts', 'SELECT 1 AS n'));
      await engine.exec(dialect.createTempTableAs('tmp_facts', 'SELECT 2 AS n'));
      expect(await value('n', 'FROM tmp_facts')).toBe(2);
    });

    it('names a qualified column as the column, for a query over the subquery', async () => {
      expect(await value('ord', `FROM (SELECT ${dialect.column('u', 'ord')} FROM t u WHERE u.g = 'b') s`)).toBe(3);
    });

    it('falls back from a list an outer join left unmatched', async () => {
      const rows = await engine.query(`SELECT t.ord, ${dialect.joinedListOr('u.g', 'u.l', "[9]")} AS v
        FROM t LEFT JOIN (SELECT g, l FROM t WHERE ord = 2) u ON u.g = t.g ORDER BY t.ord`);
      expect(rows).toEqual([{ ord: 1, v: [3, 1, 2] }, { ord: 2, v: [3, 1, 2] }, { ord: 3, v: [9] }]);
    });

    it('reads the shared SQL as DuckDB does: NULLs from outer joins and empty aggregates, QUALIFY, ASOF', async () => {
      expect(await value('u.y', "FROM t LEFT JOIN (SELECT 'z' AS g, 1 AS y) u ON u.g = t.g WHERE t.ord = 1")).toBeNull();
      expect(await value('max(x)', "FROM t WHERE g = 'z'")).toBeNull();
      expect(await value('g', 'FROM t QUALIFY row_number() OVER (ORDER BY ord DESC) = 1')).toBe('b');
      // each row of t takes the latest u at or before its ord
      const asof = await engine.query(`SELECT t.ord, u.tag FROM t ASOF LEFT JOIN (SELECT 'a' AS g, 2 AS at, 'two' AS tag UNION ALL SELECT 'a', 0, 'zero') u
        ON u.g = t.g AND t.ord >= u.at ORDER BY t.ord`);
      expect(asof).toEqual([{ ord: 1, tag: 'zero' }, { ord: 2, tag: 'two' }, { ord: 3, tag: null }]);
    });
  });
});
