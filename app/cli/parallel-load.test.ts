import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run as runQuery } from '../engine/sql/core/run';
import { build } from 'esbuild';
import { initDataset } from '../engine/dataset';
import type { Engine } from '../engine/engine';
import { createNodeEngine } from '../engine/node-engine';
import { PARALLEL_MIN_BYTES } from '../ingest/chunked/ingest-parallel';
import { NodeChunkPool } from '../ingest/chunked/node-chunk-pool';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { generatedLog } from './generated-log-fixture';
import { runCli } from './run-in-process';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Over 4 MB of sessions with bad lines, then lines that repeat retrieval ids of the first chunks (so later chunks are parsed again). */
function largeLog(): string {
  const log = generatedLog(9000);
  const repeats = log.split('\n').filter((line) => line.startsWith('{"type":"retrieval","ts"')).slice(0, 40);
  return `${log}${repeats.join('\n')}\n\n{"broken\n`;
}

async function tableRows(engine: Engine) {
  const tables = await runQuery(engine, "SELECT table_name AS name FROM information_schema.tables WHERE table_name LIKE 'events_%' OR table_name = 'rejected' ORDER BY 1", { name: 'string' });
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables) rows[name] = await engine.query(`SELECT * FROM "${name}" ORDER BY ALL`);
  return rows;
}

async function load(file: string, pool?: NodeChunkPool) {
  const engine = await createNodeEngine();
  try {
    await initDataset(engine);
    const [result] = await loadFiles(engine, [nodeInputFile(file)], new LoadState(), undefined, undefined, pool);
    return { result, rows: await tableRows(engine) };
  } finally {
    await engine.close();
  }
}

describe('the command line parses a large JSON Lines file on worker threads', () => {
  let dir: string;
  let file: string;
  let workerDir: string;
  let workerScript: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ri-parallel-'));
    file = path.join(dir, 'large.jsonl');
    writeFileSync(file, largeLog());
    // Inside the checkout, so that the worker finds node_modules.
    mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
    workerDir = mkdtempSync(path.join(ROOT, '.cache', 'parallel-test-'));
    workerScript = path.join(workerDir, 'chunk-worker.mjs');
    await build({ absWorkingDir: ROOT, entryPoints: ['app/ingest/chunked/node-chunk.worker.ts'], outfile: workerScript, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
  }, 60_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(workerDir, { recursive: true, force: true });
  });

  it('gives the rows, rejected lines and counts of the single-thread reading', async () => {
    const pool = new NodeChunkPool(workerScript, 3);
    const taken = vi.spyOn(pool, 'take');
    const single = await load(file);
    const parallel = await load(file, pool).finally(() => pool.close());
    expect(taken).toHaveBeenCalledTimes(1);
    expect(single.result.bytes).toBeGreaterThan(PARALLEL_MIN_BYTES);
    expect(single.result.rejected).toBeGreaterThan(40);
    const rejected = single.rows.rejected as { reason: string; line: number }[];
    expect(rejected.filter((row) => row.reason === 'duplicate_retrieval_id')).toHaveLength(40);
    expect(Math.max(...rejected.map((row) => row.line))).toBe(single.result.events + single.result.rejected + single.result.blankLines);
    expect(parallel.result).toEqual(single.result);
    expect(Object.keys(parallel.rows)).toEqual(Object.keys(single.rows));
    for (const table of Object.keys(single.rows)) expect(parallel.rows[table], table).toEqual(single.rows[table]);
  }, 120_000);

  it('a worker that fails fails the file with the reason, and the load goes on', async () => {
    const broken = path.join(workerDir, 'broken-worker.mjs');
    writeFileSync(broken, "throw new Error('no parser here');\n");
    const pool = new NodeChunkPool(broken, 2);
    const { result, rows } = await load(file, pool).finally(() => pool.close());
    expect(result.error).toMatch(/a parsing worker failed: no parser here/);
    expect(result.events).toBe(0);
    expect(rows.events_retrieval ?? []).toEqual([]);
  }, 60_000);

  it('the bundled command line (with its workers) prints the report the sources print in one thread', async () => {
    const bundled = await run(process.execPath, [path.join(ROOT, 'bin/retrieval-inspector.mjs'), 'report', '--json', file], { cwd: ROOT, maxBuffer: 64 << 20 }).catch((error: { stdout: string; code: number }) => error);
    const inProcess = await runCli(['report', '--json', file]);
    expect(inProcess.code).toBe(0);
    expect(JSON.parse(bundled.stdout)).toEqual(JSON.parse(inProcess.out.join('\n')));
  }, 180_000);
});
