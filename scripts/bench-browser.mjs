// The browser half of `npm run bench`: the production build in headless Chromium, each figure with
// its ratio to a baseline measured in the same run (never a timed assertion).
//   engine start, cold (new profile) and warm (same profile, second page load);
//   loading a log file (file chosen → "Loaded"), kept in the browser's storage and in memory only;
//   restoring the kept dataset on reload, against loading it.
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './find-chromium.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4196);
const BASE = `http://127.0.0.1:${PORT}/`;
const OUT_DIR = '.bench/dist-browser';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function runOrExit(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function waitForServer(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

const waitPhase = (page, phase, timeout = 600_000) =>
  page.waitForFunction((wanted) => document.body.dataset.phase === wanted, phase, { timeout, polling: 50 });

/** Milliseconds from navigation start to a performance mark the app sets. */
const markAt = (page, name) => page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? NaN, name);

async function startTimes(profile) {
  const context = await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: CHROMIUM_ARGS });
  const page = context.pages()[0] ?? (await context.newPage());
  const times = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(BASE);
    await waitPhase(page, 'ready');
    times.push(await markAt(page, 'dataset:opened'));
  }
  await context.close();
  return { cold: times[0], warm: Math.min(times[1], times[2]) };
}

/** Loads `file` (kept or in memory), then reloads and times the restore. */
async function loadAndRestore(profile, file, keep) {
  const context = await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: CHROMIUM_ARGS });
  if (!keep) await context.addInitScript(() => Object.defineProperty(StorageManager.prototype, 'getDirectory', { value: undefined }));
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(BASE);
  await waitPhase(page, 'ready');
  await page.getByLabel('Open log files').setInputFiles(file);
  const started = Date.now();
  await waitPhase(page, 'loading');
  await waitPhase(page, 'ready');
  const loadMs = Date.now() - started;
  const status = await page.getByRole('status').first().innerText();
  let restoreMs = NaN;
  let restoredStatus = '';
  if (keep) {
    await page.reload();
    await waitPhase(page, 'ready');
    restoreMs = (await markAt(page, 'dataset:opened')) - (await markAt(page, 'engine:ready'));
    restoredStatus = await page.getByRole('status').first().innerText();
  }
  await context.close();
  return { loadMs, status, restoreMs, restoredStatus };
}

export async function benchBrowser(file) {
  if (!findChromium()) {
    console.log('Browser benchmark skipped: no Chromium (see README).');
    return [];
  }
  runOrExit('npx', ['vite', 'build', '--outDir', OUT_DIR, '--logLevel', 'warn']);
  const server = spawn('npx', ['vite', 'preview', '--outDir', OUT_DIR, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { stdio: 'ignore', detached: true });
  const profiles = [];
  const profile = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ri-bench-'));
    profiles.push(dir);
    return dir;
  };
  try {
    await waitForServer(BASE);
    const start = await startTimes(profile());
    const kept = await loadAndRestore(profile(), file, true);
    const memory = await loadAndRestore(profile(), file, false);
    const mb = statSync(file).size / 1e6;
    const rows = [
      { name: 'engine start, warm (second page load)', ms: start.warm, baseline: 'engine start, cold (new profile)', baselineMs: start.cold },
      { name: `load ${path.basename(file)}, kept in browser storage`, ms: kept.loadMs, baseline: 'the same load, memory only', baselineMs: memory.loadMs, note: `${(mb / (kept.loadMs / 1000)).toFixed(1)} MB/s · ${kept.status}` },
      { name: 'restore the kept dataset on reload', ms: kept.restoreMs, baseline: 'loading it from the file', baselineMs: kept.loadMs, note: kept.restoredStatus },
    ];
    writeFileSync('.bench/browser.json', JSON.stringify({ file, bytes: statSync(file).size, start, kept, memory, rows }, null, 2));
    return rows;
  } finally {
    try {
      process.kill(-server.pid);
    } catch {
      // already gone
    }
    for (const dir of profiles) if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}
