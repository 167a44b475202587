import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArrowBatchBuilder } from '../arrow-batch';
import { createChdbEngine } from './chdb-engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';

let engine: ClickHouseEngine;

describe.skipIf(!CHDB_TESTS_ENABLED)(CHDB_TESTS_ENABLED ? 'the chdb engine' : `the chdb engine (${CHDB_SKIP_MESSAGE})`, () => {
  beforeAll(async () => {
    engine = await createChdbEngine({ install: true });
    await engine.exec('CREATE TABLE t (name Nullable(String), n Nullable(Int32), x Nullable(Float64), ok Nullable(Bool), ids Array(String)) ENGINE = MergeTree ORDER BY tuple()');
  });
  afterAll(() => engine?.close());

  it('binds values of every kind as the SQL gives them, a quote or backslash never ending a string', async () => {
    const hostile = "it's \\' OR 1=1 -- \n\t";
    const [row] = await engine.query('SELECT ? AS s, ? + 1 AS i, ? * 2 AS f, NOT ? AS b, ? AS z, $1 = ? AS same', [hostile, 41, 0.25, true, null, hostile]);
    expect(row).toEqual({ s: hostile, i: 42, f: 0.5, b: false, z: null, same: 1 });
  });

  it('filters with bound IN lists and compares numbers with bound numbers', async () => {
    await engine.insertRows('t', [{ name: 'a', n: 1, x: 0.5, ok: true, ids: ['p', 'q'] }, { name: 'b', n: 2 }, { name: 'c', n: 3, x: 1.5 }]);
    expect(await engine.query('SELECT name FROM t WHERE name IN (?, ?) AND n >= ? ORDER BY name', ['a', 'c', 1])).toEqual([{ name: 'a' }, { name: 'c' }]);
    expect(await engine.query("SELECT name, ids, ok FROM t WHERE name = 'b'")).toEqual([{ name: 'b', ids: [], ok: null }]);
  });

  it('appends an Arrow batch as the loads build them, missing columns left to their defaults', async () => {
    const batch = new ArrowBatchBuilder([{ name: 'name', kind: 'string' }, { name: 'x', kind: 'number' }, { name: 'ids', kind: 'strings' }]);
    batch.add({ name: 'arrow', x: 2.5, ids: ['r'] });
    batch.add({ name: 'arrow-2', x: null, ids: null });
    await engine.insertArrowIPC('t', batch.flush());
    expect(await engine.query("SELECT name, n, x, ids FROM t WHERE startsWith(name, 'arrow') ORDER BY name")).toEqual([
      { name: 'arrow', n: null, x: 2.5, ids: ['r'] },
      { name: 'arrow-2', n: null, x: null, ids: [] },
    ]);
  });

  it('gives 64-bit counts as numbers, NULL for an aggregate over no rows, and reads a column before an alias of its name', async () => {
    expect(await engine.query("SELECT count() AS n, sum(n) AS total FROM t WHERE name = 'none'")).toEqual([{ n: 0, total: null }]);
  });
});
