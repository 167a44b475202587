import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './sql/core/run';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { GOOD_SAMPLE_LOGS } from '../ingest/sample-logs-path';
import { copyDatabaseInSlices, type StepRunner } from './copy-database';
import type { Engine } from './engine';
import { ensureDerivedTables } from './metrics-report';
import { createNativeEngine } from './native-engine';
import { createTestEngine } from './sql/metrics/fixtures';

let engine: Engine;
const directory = mkdtempSync(path.join(os.tmpdir(), 'ri-copy-'));

beforeAll(async () => {
  engine = await createTestEngine();
  await loadFiles(engine, GOOD_SAMPLE_LOGS.map(nodeInputFile), new LoadState());
  await ensureDerivedTables(engine);
});
afterAll(async () => {
  await engine?.close();
  rmSync(directory, { recursive: true, force: true });
});

const DIGEST = { rows: 'number', digest: 'string|null' } as const;
const digestSql = (table: string) =>
  `SELECT count(*)::INTEGER AS rows, md5(string_agg(row_md5, ',' ORDER BY row_md5)) AS digest FROM (SELECT md5(CAST(t AS VARCHAR)) AS row_md5 FROM ${table} t)`;

const tableNames = async (database: string) =>
  (await run(engine, { sql: `SELECT table_name FROM duckdb_tables() WHERE database_name = ? AND NOT temporary ORDER BY table_name`, params: [database] }, { table_name: 'string' })).map((row) => row.table_name);

describe('copyDatabaseInSlices', () => {
  it('copies every table row for row, in many slices, reporting a share that only grows to 1', async () => {
    const file = path.join(directory, 'kept.db');
    await engine.exec(`ATTACH '${file}' AS kept_next`);
    const steps: number[] = [];
    const runStep: StepRunner = (step) => (steps.push(steps.length), step(engine));
    const shares: number[] = [];
    await copyDatabaseInSlices(runStep, 'kept_next', (share) => shares.push(share), 500);

    const [{ events }] = await run(engine, 'SELECT count(*)::INTEGER AS events FROM events', { events: 'number' });
    // 500-row slices of the events alone make more steps than there are tables.
    expect(steps.length).toBeGreaterThan(Math.ceil(events / 500));
    expect(shares.at(-1)).toBe(1);
    expect(shares.every((share, i) => i === 0 || share >= shares[i - 1])).toBe(true);
    expect(new Set(shares).size).toBeGreaterThan(10);

    // The file as a reload finds it, opened by another engine (the wasm engine keeps its lock on
    // it): the same tables, and each one's rows the same (an order-free digest of every row's text).
    await engine.exec('DETACH DATABASE IF EXISTS kept_next');
    const source = (await run(engine, 'SELECT current_database() AS name', { name: 'string' }))[0].name;
    const tables = await tableNames(source);
    expect(tables).toContain('retrieval_base');
    const native = await createNativeEngine();
    try {
      await native.exec(`ATTACH '${file}' AS reopened (READ_ONLY)`);
      const reopenedTables = (await run(native, `SELECT table_name FROM duckdb_tables() WHERE database_name = 'reopened' ORDER BY table_name`, { table_name: 'string' })).map((row) => row.table_name);
      expect(reopenedTables).toEqual(tables);
      for (const table of tables) {
        const [here] = await run(engine, digestSql(`"${source}".main."${table}"`), DIGEST);
        const [there] = await run(native, digestSql(`reopened.main."${table}"`), DIGEST);
        expect({ table, ...there }).toEqual({ table, ...here });
      }
      // The views came along: the events view answers from the copy.
      const [{ n }] = await run(native, 'SELECT count(*)::INTEGER AS n FROM reopened.main.events', { n: 'number' });
      expect(n).toBe(events);
    } finally {
      await native.close();
    }
  });
});
