import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../sql/core/run';
import type { Engine } from '../engine';
import { createNodeEngine } from '../node-engine';
import { rawSql } from '../sql/core/sql-query';
import { materialization } from './materialization';
import { QueryCoordinator, readOnce, SupersededReadError } from './query-coordinator';
import { recordStatements } from './statement-recorder';

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
});
afterAll(() => engine.close());
beforeEach(async () => {
  await engine.exec('CREATE OR REPLACE TABLE numbers (n INTEGER); INSERT INTO numbers VALUES (1), (2)');
});

const count = async (target: Engine) => (await run(target, 'SELECT count(*)::INTEGER AS n FROM numbers', { n: 'number' }))[0].n;
const insert = (value: number) => (target: Engine) => target.exec(`INSERT INTO numbers VALUES (${value})`);
const tempTables = async () =>
  (await run(engine, 'SELECT table_name AS name FROM duckdb_tables() WHERE temporary ORDER BY name', { name: 'string' })).map((row) => row.name);
const numbersAbove = (floor: number) => materialization('numbers_above', rawSql(`SELECT n FROM numbers WHERE n > ${floor}`));

describe('QueryCoordinator', () => {
  it('a read queued after a write sees the write; a read queued before it does not', async () => {
    const coordinator = new QueryCoordinator(engine);
    const before = coordinator.read(({ engine: own }) => count(own));
    const write = coordinator.write(insert(3));
    const after = coordinator.read(({ engine: own }) => count(own));
    expect(await Promise.all([before, write, after])).toEqual([2, undefined, 3]);
  });

  it('follows the caller\'s dataset version: a newer one starts a new version, an older one is superseded', async () => {
    const coordinator = new QueryCoordinator(engine);
    const read = (datasetVersion: number) => coordinator.read(({ engine: own }) => count(own), { datasetVersion });
    expect(await read(4)).toBe(2);
    await insert(3)(engine); // a load outside the coordinator, as the browser's loader does
    expect(await read(4)).toBe(2);
    expect(await read(5)).toBe(3);
    await expect(read(4)).rejects.toBeInstanceOf(SupersededReadError);
  });

  it('a read aborted while queued never runs', async () => {
    const coordinator = new QueryCoordinator(engine);
    const controller = new AbortController();
    let ran = false;
    const first = coordinator.read(({ engine: own }) => count(own));
    const aborted = coordinator.read(async () => void (ran = true), { signal: controller.signal });
    controller.abort();
    await first;
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await coordinator.read(async () => undefined);
    expect(ran).toBe(false);
  });

  it('a read aborted while it runs stops before its next statement, and what it read is not cached', async () => {
    const coordinator = new QueryCoordinator(engine);
    const controller = new AbortController();
    const statements: string[] = [];
    const work = async ({ engine: own }: { engine: Engine }) => {
      statements.push('first');
      const first = await count(own);
      controller.abort();
      statements.push('second');
      return first + (await count(own));
    };
    await expect(coordinator.read(work, { signal: controller.signal, datasetVersion: 1 })).rejects.toMatchObject({ name: 'AbortError' });
    expect(statements).toEqual(['first', 'second']);
    await insert(3)(engine); // unseen by a version that cached nothing
    expect(await coordinator.read(async ({ engine: own }) => 2 * (await count(own)), { datasetVersion: 1 })).toBe(6);
  });

  it('runs the version\'s preparation as a write, once, before the reads that ask for it', async () => {
    let prepared = 0;
    const coordinator = new QueryCoordinator(engine, { prepareVersion: async () => void prepared++ });
    expect(await coordinator.read(async () => prepared)).toBe(0);
    const read = () => coordinator.read(async () => prepared, { prepared: true });
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    await coordinator.write(insert(3));
    expect(await read()).toBe(2);
  });

  it('builds a materialization once per version, under a name of its query, and drops it when the version changes', async () => {
    const { engine: recorded, ran: statements } = recordStatements(engine);
    const coordinator = new QueryCoordinator(recorded);
    const read = () => coordinator.read(async (job) => {
      const table = await job.materialize(numbersAbove(1));
      return { table, rows: await job.engine.query(`SELECT n FROM ${table}`) };
    });
    const [first, second] = await Promise.all([read(), read()]);
    expect(second).toEqual(first);
    expect(first).toEqual({ table: expect.stringMatching(/^numbers_above_[0-9a-f]{16}$/), rows: [{ n: 2 }] });
    expect(statements.filter((sql) => sql.startsWith('CREATE'))).toHaveLength(1);
    expect(await tempTables()).toEqual([first.table]);
    await coordinator.write(insert(3));
    expect(await read()).toEqual({ table: first.table, rows: [{ n: 2 }, { n: 3 }] });
    expect(statements.filter((sql) => sql.startsWith('CREATE'))).toHaveLength(2);
    await coordinator.close();
    expect(await tempTables()).toEqual([]);
  });

  it('keeps at most a few materializations, dropping the least recently used', async () => {
    const coordinator = new QueryCoordinator(engine, { maxMaterializations: 2 });
    const build = (floor: number) => coordinator.read((job) => job.materialize(numbersAbove(floor)));
    const [a, b] = [await build(0), await build(1)];
    await build(0);
    const c = await build(2);
    expect(await tempTables()).toEqual([a, c].sort());
    expect(b).not.toBe(a);
    await coordinator.close();
    expect(await tempTables()).toEqual([]);
  });

  it('two materializations of one job survive each other even beyond the limit', async () => {
    const coordinator = new QueryCoordinator(engine, { maxMaterializations: 1 });
    const rows = await coordinator.read(async (job) => {
      const [low, high] = [await job.materialize(numbersAbove(0)), await job.materialize(numbersAbove(1))];
      return job.engine.query(`SELECT (SELECT count(*) FROM ${low})::INTEGER AS low, (SELECT count(*) FROM ${high})::INTEGER AS high`);
    });
    expect(rows).toEqual([{ low: 2, high: 1 }]);
    await coordinator.close();
  });

  it('readOnce leaves no table behind', async () => {
    expect(await readOnce(engine, async (job) => count(job.engine).then(() => job.materialize(numbersAbove(0))))).toMatch(/^numbers_above_/);
    expect(await tempTables()).toEqual([]);
  });

  it('a take-over drops the queued reads, stops the running one before its next statement, then runs its work', async () => {
    const coordinator = new QueryCoordinator(engine);
    let release!: () => void;
    const interrupted = new Promise<void>((resolve) => (release = resolve));
    const statements: string[] = [];
    const running = coordinator.read(async ({ engine: own }) => {
      statements.push('first');
      const first = await count(own);
      await interrupted;
      statements.push('second');
      return first + (await count(own));
    });
    const queued = coordinator.read(async ({ engine: own }) => (statements.push('queued'), count(own)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reason = new Error('the logs were cleared');
    const takeOver = coordinator.takeOver(reason, async () => release(), async (own) => (statements.push('take-over'), insert(3)(own)));
    const later = coordinator.read(({ engine: own }) => count(own));
    await expect(running).rejects.toBe(reason);
    await expect(queued).rejects.toBe(reason);
    await takeOver;
    expect(await later).toBe(3);
    // The running read's second statement was refused: the take-over's insert is the only change.
    expect(statements.sort()).toEqual(['first', 'second', 'take-over']);
  });
});

describe('QueryCoordinator.screensQuietFor', () => {
  it('resolves only once no screen read has been queued or running for the time asked; background reads do not count', async () => {
    const coordinator = new QueryCoordinator(engine);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const screenRead = coordinator.read(async ({ engine: own }) => {
      await held;
      return count(own);
    });
    let quietAt: number | null = null;
    const quiet = coordinator.screensQuietFor(200).then(() => (quietAt = performance.now()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(quietAt).toBeNull();
    release();
    await screenRead;
    const endedAt = performance.now();
    await quiet;
    expect(quietAt! - endedAt).toBeGreaterThanOrEqual(190);
    await coordinator.read(({ engine: own }) => count(own), { priority: 'background' });
    const started = performance.now();
    await coordinator.screensQuietFor(200);
    expect(performance.now() - started).toBeLessThan(150);
    // keeping stopped while a screen still asks: the wait ends at once
    const busy = coordinator.read(async ({ engine: own }) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return count(own);
    });
    const abort = new AbortController();
    const waiting = coordinator.screensQuietFor(200, abort.signal);
    abort.abort(new Error('keeping stopped'));
    await expect(waiting).rejects.toThrow('keeping stopped');
    await busy;
  });
});

describe('QueryCoordinator.readWhenQuiet', () => {
  it('starts once the screens have been quiet; a preemptible read that a screen\'s query ends runs again, after it', async () => {
    const coordinator = new QueryCoordinator(engine);
    const order: string[] = [];
    let preempted = 0;
    const screen = coordinator.read(async ({ engine: own }) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push('screen');
      return count(own);
    });
    const background = coordinator.readWhenQuiet(async ({ engine: own }) => {
      order.push('background started');
      const first = await count(own);
      if (order.filter((step) => step === 'background started').length === 1) {
        // a screen asks while this runs: the next statement is refused, and the read runs again later
        void coordinator.read(async ({ engine: screenEngine }) => (order.push('second screen'), count(screenEngine)));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return first + (await count(own));
    }, { preemptible: true, onPreempted: () => (preempted += 1) });
    await screen;
    const screenEndedAt = performance.now();
    expect(await background).toBe(4);
    expect(order).toEqual(['screen', 'background started', 'second screen', 'background started']);
    expect(preempted).toBe(1);
    expect(performance.now() - screenEndedAt).toBeGreaterThanOrEqual(2 * 290);
  });
});
