import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../sql/core/run';
import type { Engine } from '../engine';
import { createNodeEngine } from '../node-engine';
import { QueryCoordinator } from './query-coordinator';
import { recordStatements } from './statement-recorder';

let real: Engine;
beforeAll(async () => {
  real = await createNodeEngine();
});
afterAll(() => real.close());
beforeEach(async () => {
  await real.exec('CREATE OR REPLACE TABLE numbers (n INTEGER); INSERT INTO numbers VALUES (1), (2)');
});

const COUNT_SQL = 'SELECT count(*)::INTEGER AS n FROM numbers';
const count = async (engine: Engine) => (await run(engine, COUNT_SQL, { n: 'number' }))[0].n;
const SUM_SQL = 'SELECT sum(n)::INTEGER AS total FROM numbers WHERE n > ?';
const sumAbove = async (engine: Engine, floor: number) => (await run(engine, { sql: SUM_SQL, params: [floor] }, { total: 'number|null' }))[0].total;

describe('the result cache: rows by (dataset version, SQL, values)', () => {
  it('the same statement at the same version reaches the engine once, from any job; a new version runs it again', async () => {
    const { engine, ran } = recordStatements(real);
    const coordinator = new QueryCoordinator(engine);
    const read = <T>(work: (engine: Engine) => Promise<T>, datasetVersion = 1) => coordinator.read(({ engine: own }) => work(own), { datasetVersion });
    expect(await read(count)).toBe(2);
    expect(await read(async (own) => 10 * (await count(own)))).toBe(20);
    expect(ran.filter((sql) => sql === COUNT_SQL)).toHaveLength(1);

    await real.exec('INSERT INTO numbers VALUES (3)'); // a load outside the coordinator
    expect(await read(count)).toBe(2); // the same version: the data is the version's
    expect(await read(count, 2)).toBe(3);
    expect(ran.filter((sql) => sql === COUNT_SQL)).toHaveLength(2);
  });

  it('values are part of the key: another value runs the statement, a number apart from its text', async () => {
    const { engine, ran } = recordStatements(real);
    const coordinator = new QueryCoordinator(engine);
    const read = (floor: number) => coordinator.read(({ engine: own }) => sumAbove(own, floor), { datasetVersion: 1 });
    expect([await read(0), await read(1), await read(0), await read(2)]).toEqual([3, 2, 3, null]);
    expect(ran.filter((sql) => sql === SUM_SQL)).toHaveLength(3);
    const text = await coordinator.read(({ engine: own }) => own.query(SUM_SQL, ['1']), { datasetVersion: 1 });
    expect(text).toEqual([{ total: 2 }]);
    expect(ran.filter((sql) => sql === SUM_SQL)).toHaveLength(4);
  });

  it('clearing the logs (a take-over) and a write drop the cached rows', async () => {
    const { engine, ran } = recordStatements(real);
    const coordinator = new QueryCoordinator(engine);
    const read = () => coordinator.read(({ engine: own }) => count(own), { datasetVersion: 1 });
    expect(await read()).toBe(2);
    await coordinator.takeOver(new Error('cleared'), async () => undefined, (own) => own.exec('DELETE FROM numbers'));
    expect(await read()).toBe(0);
    await coordinator.write((own) => own.exec('INSERT INTO numbers VALUES (7)'));
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    expect(ran.filter((sql) => sql === COUNT_SQL)).toHaveLength(3);
  });

  it('a read job that writes keeps nothing and empties the cache: what was read before may no longer hold', async () => {
    const { engine, ran } = recordStatements(real);
    const coordinator = new QueryCoordinator(engine);
    const read = () => coordinator.read(({ engine: own }) => count(own), { datasetVersion: 1 });
    expect(await read()).toBe(2);
    const scratch = await coordinator.read(async ({ engine: own }) => {
      const before = await count(own); // from the cache
      await own.exec('INSERT INTO numbers VALUES (9)');
      return [before, await count(own)];
    }, { datasetVersion: 1 });
    expect(scratch).toEqual([2, 3]);
    expect(await read()).toBe(3);
    expect(ran.filter((sql) => sql === COUNT_SQL)).toHaveLength(3);
  });

  it('a read without a dataset version neither answers from the cache nor fills it', async () => {
    const { engine, ran } = recordStatements(real);
    const coordinator = new QueryCoordinator(engine);
    expect(await coordinator.read(({ engine: own }) => count(own), { datasetVersion: 1 })).toBe(2);
    await real.exec('INSERT INTO numbers VALUES (3)');
    expect(await coordinator.read(({ engine: own }) => count(own))).toBe(3);
    expect(ran.filter((sql) => sql === COUNT_SQL)).toHaveLength(2);
  });

  it('rows come as copies: a caller that changes its rows changes no later answer', async () => {
    const coordinator = new QueryCoordinator(real);
    const rows = () => coordinator.read(({ engine: own }) => run(own, 'SELECT n FROM numbers ORDER BY n', { n: 'number' }), { datasetVersion: 1 });
    const first = await rows();
    first.reverse()[0].n = 99;
    const second = await rows();
    second.push({ n: 5 });
    expect(await rows()).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('keeps the most recently used statements, up to its size', async () => {
    const { engine, ran } = recordStatements(real);
    const coordinator = new QueryCoordinator(engine, { cacheSize: 2 });
    const read = (floor: number) => coordinator.read(({ engine: own }) => sumAbove(own, floor), { datasetVersion: 1 });
    for (const floor of [0, 1, 0, 2, 0, 1]) await read(floor);
    // 0 runs, 1 runs, 0 cached, 2 runs (1 goes), 0 cached, 1 runs again
    expect(ran.filter((sql) => sql === SUM_SQL)).toHaveLength(4);
  });
});
