// DuckDB-wasm's threaded build against its single-thread build, in the same run (issue 30, point 3):
// one production build served twice, with the cross-origin isolation headers
// (RI_CROSS_ORIGIN_ISOLATION=1: the threaded build for a dataset in memory) and without (the
// default: the single-thread build).
// Each run is a new profile that loads one generated JSON Lines file with the Metrics screen open:
//   memory: the browser's storage hidden, so the dataset is in memory (threaded where isolated);
//   kept: the default, kept in OPFS (the single-thread build on both servers: a control for the
//   headers alone). Runs alternate between the servers, the first server swapping every round.
//   BENCH_EVENTS=200000 BENCH_RUNS=3 node scripts/bench-threaded.mjs
import { chromium } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hideBrowserStorage, launch, metricsAfterLoad, runOrExit, waitForServer, waitPhase } from './bench-browser.mjs';
import { findChromium } from './find-chromium.mjs';
import { SAMPLE_LOG_GENERATOR } from './sample-log-generator.mjs';

const events = Number(process.env.BENCH_EVENTS ?? 200_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const modes = (process.env.BENCH_MODES ?? 'memory,kept').split(',');
const port = Number(process.env.BENCH_PORT ?? 4296);
// a load still not done after this is recorded as hung (the threaded build once stopped mid-load, idle)
const loadTimeoutMs = Number(process.env.BENCH_LOAD_TIMEOUT_MS ?? 240_000);
const SERVERS = [
  { name: 'isolated', base: `http://127.0.0.1:${port}/`, env: { RI_CROSS_ORIGIN_ISOLATION: '1' } },
  { name: 'not isolated', base: `http://127.0.0.1:${port + 1}/`, env: { RI_CROSS_ORIGIN_ISOLATION: '0' } },
];
const OUT_DIR = `.bench/bench-threaded-dist-${process.pid}`;

const file = path.resolve('.bench', `bench-events-${events}.jsonl`);
if (!existsSync(file)) execFileSync(process.execPath, [SAMPLE_LOG_GENERATOR, '--events', String(events), '--out', file], { stdio: 'inherit' });

async function loadRun(server, mode) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'ri-bench-threaded-'));
  const context = await launch(profile);
  try {
    if (mode === 'memory') await hideBrowserStorage(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.base}?view=metrics`);
    await waitPhase(page, 'ready');
    const from = await page.evaluate(() => performance.now());
    await page.getByLabel('Open log files').setInputFiles(file);
    await waitPhase(page, 'loading');
    const done = await waitPhase(page, 'ready', loadTimeoutMs).then(() => true, () => false);
    if (!done) return { server: server.name, mode, hung: true, status: await page.getByTestId('status-line').innerText() };
    const ingestMs = (await page.evaluate(() => performance.now())) - from;
    const metricsMs = await metricsAfterLoad(page);
    const status = await page.getByTestId('status-line').innerText();
    await page.getByRole('link', { name: 'Overview' }).click();
    const build = page.locator('[data-engine-build]');
    await build.waitFor();
    return {
      server: server.name, mode, ingestMs, metricsMs, status,
      isolated: await page.evaluate(() => crossOriginIsolated),
      build: await build.getAttribute('data-engine-build'), threads: Number(await build.getAttribute('data-engine-threads')),
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!findChromium()) throw new Error('no Chromium (see README)');
runOrExit('npx', ['vite', 'build', '--outDir', OUT_DIR, '--logLevel', 'warn']);
const servers = SERVERS.map((server) => spawn('npx', ['vite', 'preview', '--outDir', OUT_DIR, '--host', '127.0.0.1', '--port', new URL(server.base).port, '--strictPort'], {
  stdio: 'ignore', detached: true, env: { ...process.env, ...server.env },
}));
const results = [];
const loads = [];
try {
  await Promise.all(SERVERS.map((server) => waitForServer(server.base)));
  const version = await chromium.launch({ executablePath: findChromium() }).then(async (browser) => [browser.version(), await browser.close()][0]);
  console.log(`${path.basename(file)} (${(statSync(file).size / 1e6).toFixed(1)} MB), Chromium ${version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const mode of modes) {
    for (let round = 0; round < runs; round++) {
      const order = round % 2 === 0 ? SERVERS : [...SERVERS].reverse();
      for (const server of order) {
        loads.push(os.loadavg()[0]);
        const result = await loadRun(server, mode);
        results.push(result);
        if (result.hung) {
          console.log(`${mode} ${server.name}: no "Loaded" after ${loadTimeoutMs / 1000} s (hung); ${result.status}`);
          continue;
        }
        console.log(`${mode} ${server.name}: ingest ${result.ingestMs.toFixed(0)} ms, Metrics after load ${result.metricsMs.toFixed(0)} ms, ${result.build} build, ${result.threads} threads, crossOriginIsolated ${result.isolated}; ${result.status}`);
      }
    }
  }
} finally {
  for (const server of servers) {
    try {
      process.kill(-server.pid);
    } catch {
      // already gone
    }
  }
  rmSync(OUT_DIR, { recursive: true, force: true });
}

console.log(`\nmedian of ${runs} (load average while measuring: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`);
for (const mode of modes) {
  const of = (server, figure) => median(results.filter((r) => r.mode === mode && r.server === server && !r.hung).map((r) => r[figure]));
  for (const figure of ['ingestMs', 'metricsMs']) {
    const isolated = of('isolated', figure);
    const baseline = of('not isolated', figure);
    console.log(`${mode} ${figure === 'ingestMs' ? 'ingest (file chosen → Loaded)' : 'Metrics, Loaded → numbers'}: isolated ${isolated.toFixed(0)} ms, not isolated ${baseline.toFixed(0)} ms, ratio ${(isolated / baseline).toFixed(2)}`);
  }
}
