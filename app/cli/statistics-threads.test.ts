import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../lib/seeded-random';
import { pairedStatistics } from '../model/compare/paired-statistics';
import { withStatisticsThreads } from './statistics-threads';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Five metrics' deltas of 3,000 pairs: enough for the columns to be split among threads. */
const random = mulberry32(5);
const COLUMNS = Array.from({ length: 5 }, (_, c) => Array.from({ length: 3000 }, () => Math.round((random() - 0.45 + c * 0.02) * 100) / 100));

describe('the command line computes paired statistics on threads', () => {
  let workerDir: string;
  let workerScript: string;
  beforeAll(async () => {
    // inside the checkout, so that the worker finds node_modules
    mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
    workerDir = mkdtempSync(path.join(ROOT, '.cache', 'statistics-test-'));
    workerScript = path.join(workerDir, 'statistics-worker.mjs');
    await build({ absWorkingDir: ROOT, entryPoints: ['app/cli/statistics.worker.ts'], outfile: workerScript, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
  }, 60_000);
  afterAll(() => rmSync(workerDir, { recursive: true, force: true }));

  it('gives exactly the statistics of one thread', async () => {
    const threaded = await withStatisticsThreads((statistics) => statistics(COLUMNS), workerScript);
    expect(threaded).toEqual(pairedStatistics(COLUMNS));
    expect(threaded[4].p_value).toBeLessThan(0.05);
  });

  it('computes in this thread where no bundled worker is found', async () => {
    const inThread = await withStatisticsThreads((statistics) => statistics(COLUMNS.slice(0, 2)), path.join(workerDir, 'none.mjs'));
    expect(inThread).toEqual(pairedStatistics(COLUMNS.slice(0, 2)));
  });
});
