import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Engine } from '../../engine';
import { createNodeEngine } from '../../node-engine';
import { specOf, specOfColumns } from './row-spec';
import { run } from './run';
import { sql } from './sql-query';

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
}, 60_000);
afterAll(() => engine.close());

const SOME_KINDS = `SELECT 'a' AS s, 7::BIGINT AS big, 2.5::DOUBLE AS dbl, TIMESTAMP '2026-01-02 03:04:05' AS at,
  NULL::DOUBLE AS nothing, true AS b, ['x', 'y'] AS names, [1, 2] AS ns, {'k': 1} AS struct`;

describe('run: one check of a result against its row spec', () => {
  it('returns the rows as the engine gives them: 64-bit integers and times as numbers', async () => {
    const rows = await run(engine, SOME_KINDS, {
      s: 'string', big: 'number', dbl: 'number', at: 'number', nothing: 'number|null', b: 'boolean', names: 'string[]', ns: 'number[]', struct: 'json',
    });
    expectTypeOf(rows[0].nothing).toEqualTypeOf<number | null>();
    expectTypeOf(rows[0].names).toEqualTypeOf<string[]>();
    expect(rows).toEqual([{ s: 'a', big: 7, dbl: 2.5, at: Date.UTC(2026, 0, 2, 3, 4, 5), nothing: null, b: true, names: ['x', 'y'], ns: [1, 2], struct: { k: 1 } }]);
  });

  it('binds the values of a SqlQuery', async () => {
    expect(await run(engine, sql`SELECT ${3}::INTEGER + 1 AS n`, { n: 'number' })).toEqual([{ n: 4 }]);
  });

  it('names the statement, the missing column and the columns there are', async () => {
    await expect(run(engine, 'SELECT 1 AS n\nFROM range(1)', { m: 'number' }))
      .rejects.toThrow('SELECT 1 AS n: no column "m" in the result (it has n)');
  });

  it('names the column, the kind expected and the kind found', async () => {
    await expect(run(engine, "SELECT '1' AS n", { n: 'number' })).rejects.toThrow(`SELECT '1' AS n: column "n" should hold number but holds string`);
    // DuckDB-wasm reads a DECIMAL as an object (the metric SQL casts its decimals to DOUBLE).
    await expect(run(engine, 'SELECT 2.5::DECIMAL(10, 2) AS d', { d: 'number' })).rejects.toThrow('column "d" should hold number but holds object');
    await expect(run(engine, 'SELECT [1] AS l', { l: 'string[]' })).rejects.toThrow('column "l" should hold string[] but holds a list of number');
  });

  it("checks a column's first value that is not null, wherever it is", async () => {
    const nullFirst = "SELECT * FROM (VALUES (1, NULL), (2, 'late')) AS t(i, v) ORDER BY i";
    await expect(run(engine, nullFirst, { v: 'number|null' })).rejects.toThrow('column "v" should hold number but holds string');
    expect(await run(engine, nullFirst, { i: 'number', v: 'string|null' })).toEqual([{ i: 1, v: null }, { i: 2, v: 'late' }]);
  });

  it('has nothing to check in an empty result', async () => {
    expect(await run(engine, 'SELECT 1 AS n WHERE false', { m: 'string' })).toEqual([]);
  });

  it("types a spec written for a row declared elsewhere as that row", async () => {
    interface Count { kind: 'a' | 'b'; n: number; note?: string }
    const COUNT = specOf<Count>()({ kind: 'string', n: 'number' });
    const rows = await run(engine, "SELECT 'a' AS kind, 2 AS n", COUNT);
    expectTypeOf(rows).toEqualTypeOf<Count[]>();
    expect(rows).toEqual([{ kind: 'a', n: 2 }]);
    // @ts-expect-error a kind that does not match the row's field does not build
    specOf<Count>()({ kind: 'number', n: 'number' });
    // @ts-expect-error nor does a spec without a required field
    specOf<Count>()({ kind: 'string' });
  });

  it('reads stored columns by the kinds the schema gives them, each NULL-able', async () => {
    const spec = specOfColumns([{ name: 'id', kind: 'string' }, { name: 'n', kind: 'int' }, { name: 'ids', kind: 'strings' }, { name: 'scores', kind: 'numbers' }]);
    expect(spec).toEqual({ id: 'string|null', n: 'number|null', ids: 'string[]|null', scores: 'number[]|null' });
    expect(await run(engine, "SELECT NULL::VARCHAR AS id, 3 AS n, ['a'] AS ids, NULL::DOUBLE[] AS scores", spec)).toEqual([{ id: null, n: 3, ids: ['a'], scores: null }]);
    await expect(run(engine, "SELECT 'x' AS id, '3' AS n, ['a'] AS ids, [0.5] AS scores", spec)).rejects.toThrow('column "n" should hold number but holds string');
  });
});
