// The browser half of `npm run bench`: the production build in headless Chromium (the project's
// Chromium, scripts/find-chromium.mjs). Figures (never timed assertions):
//   engine start, cold (new profile) and warm (same profile, later page loads);
//   ingest, file chosen → "Loaded", against a floor worker in the same page (read + JSON.parse);
//   the longest main-thread task during ingest; the tab's peak memory against the file size;
//   the Metrics screen after the load and after a change of K; 50 session opens;
//   restoring the kept dataset on reload, against loading it; the same load in memory only;
//   OTLP and Parquet copies of the same events against decoding them alone (bench-floors.mjs);
//   200- and 2,000-node lineage graphs drawn and clicked (bench-lineage.mjs);
//   a LlamaIndex-shaped OTLP file of N spans against the same events as JSON Lines (bench-traces.mjs);
//   the annotator's waits: Annotate opened, a queue switch, the next item while labeling (bench-annotate.mjs);
//   10,000 tiny files chosen at once against the same events in one file (bench-tinyfiles.mjs);
//   the "Why here?" panel opened on the Metrics screen, a signal switch and a slice's list (bench-why.mjs).
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatRows, orFailedRow, otlpRun, parquetRun, storedEvents } from './bench-floors.mjs';
import { lineageRows, lineageRun } from './bench-lineage.mjs';
import { tracesRows, tracesRun } from './bench-traces.mjs';
import { annotateRows, annotateRun } from './bench-annotate.mjs';
import { tinyFilesRows, tinyFilesRun } from './bench-tinyfiles.mjs';
import { whyRows, whyRun } from './bench-why.mjs';
import { addFloorInput, FLOOR_WORKER_SOURCE, longestTask, navigateAndTime, recordLongTasks, runFileWorker } from './bench-page.mjs';
import { startMemorySampler } from './bench-memory.mjs';
import { findChromium } from './find-chromium.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4196);
const BASE = `http://127.0.0.1:${PORT}/`;
// this run's own build: a bench run elsewhere in the same checkout rebuilding under a shared name
// would change the chunks under this run's open page (and stall its load)
const OUT_DIR = `.bench/bench-dist-${process.pid}`;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function runOrExit(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export async function waitForServer(url, ms = 60_000) {
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

export const waitPhase = (page, phase, timeout = 1_800_000) =>
  page.waitForFunction((wanted) => document.body.dataset.phase === wanted, phase, { timeout, polling: 50 });

/** Milliseconds from navigation start to a performance mark the app sets. */
const markAt = (page, name) => page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? NaN, name);

/**
 * The bench times loads, not the memory-budget question a large file set would ask first
 * (app/session/tab-budget.ts): every tab gets a budget above any input here.
 */
export const launch = async (profile) => {
  const context = await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: CHROMIUM_ARGS });
  await context.addInitScript(() => window.localStorage.setItem('retrieval-inspector:memory-budget', '1000GB'));
  return context;
};

async function startTimes(profile) {
  const context = await launch(profile);
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

/** Every page of `context` finds no browser storage (OPFS): the app then holds its dataset in memory. */
export const hideBrowserStorage = (context) => context.addInitScript(() => Object.defineProperty(StorageManager.prototype, 'getDirectory', { value: undefined }));

/** The same load with the browser's storage hidden (memory only): what keeping the dataset costs. */
async function memoryOnlyLoad(profile, file) {
  const context = await launch(profile);
  await hideBrowserStorage(context);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(BASE);
  await waitPhase(page, 'ready');
  const from = await page.evaluate(() => performance.now());
  await page.getByLabel('Open log files').setInputFiles(file);
  await waitPhase(page, 'loading');
  await waitPhase(page, 'ready');
  const ms = (await page.evaluate(() => performance.now())) - from;
  const status = await page.getByTestId('status-line').innerText();
  await context.close();
  return { ms, status };
}

/** The Metrics screen shows numbers, none recomputing, and P@k has a value (with no judged retrieval it is "—"). */
export function metricsShown() {
  const screen = document.querySelector('.metrics-screen');
  const pAtK = document.querySelector('[data-metric="tier1.p_at_k"]');
  return !!screen && screen.getAttribute('aria-busy') === 'false' && !screen.querySelector('[aria-busy="true"]')
    && !!pAtK && pAtK.getAttribute('data-value') !== 'null';
}
/** metricsShown as source, for navigateAndTime and metricsAfterLoad. */
export const METRICS_READY = String(metricsShown);
const metricsReadyAtK = (k) => `() => (${METRICS_READY})() && document.body.innerText.includes('K = ${k} ·')`;
const sessionReady = (id) => `() => !!document.querySelector(${JSON.stringify(`section.inspector[aria-label="Session ${id}"] .turn`)})`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The Metrics screen was open during the load: time from "Loaded" until its numbers are shown. */
export const metricsAfterLoad = (page) => page.evaluate((ready) => {
  const isReady = new Function(`return (${ready})();`);
  const started = performance.now();
  return new Promise((resolve) => {
    const check = () => (isReady() ? resolve(performance.now() - started) : requestAnimationFrame(check));
    check();
  });
}, METRICS_READY);

/**
 * One tab, one profile: opens ?view=metrics, loads `file` (kept in the browser's storage, the
 * default), times the Metrics screen, a K change, `sessionIds` opens, the floor worker, then the
 * restore on reload.
 */
async function ingestRun(profile, file, sessionIds) {
  const context = await launch(profile);
  await context.addInitScript(recordLongTasks);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${BASE}?view=metrics`);
  await waitPhase(page, 'ready');
  const memory = await startMemorySampler(context, page, profile);

  // When the load's dataset is kept: <body data-keeping> gone once the phase is ready again (an
  // app that keeps during the load has no such attribute: kept when ready).
  await page.evaluate(() => {
    const body = document.body;
    new MutationObserver(() => {
      if (body.dataset.phase === 'loading') window.benchLoading = true;
      if (window.benchLoading && body.dataset.phase === 'ready' && body.dataset.keeping === undefined) window.benchKeptAt ??= performance.now();
    }).observe(body, { attributes: true });
  });
  const pageFrom = await page.evaluate(() => performance.now());
  await page.getByLabel('Open log files').setInputFiles(file);
  await waitPhase(page, 'loading');
  await waitPhase(page, 'ready');
  const pageTo = await page.evaluate(() => performance.now());
  const ingestMs = pageTo - pageFrom;
  const peak = await memory.stop();
  const status = await page.getByTestId('status-line').innerText();
  const tasks = await page.evaluate(longestTask, [pageFrom, pageTo]);
  const browserCores = await page.evaluate(() => navigator.hardwareConcurrency);

  const metricsAfterLoadMs = await metricsAfterLoad(page);
  const metricsShownMs = (await page.evaluate(() => performance.now())) - pageFrom;
  const keptMs = (await page.waitForFunction(() => window.benchKeptAt, null, { timeout: 1_800_000, polling: 50 }).then((at) => at.jsonValue())) - pageFrom;
  const metricsAfterSettingMs = await page.evaluate(navigateAndTime, { href: '?view=metrics&k=3', ready: metricsReadyAtK(3), timeout: 600_000 });

  const opens = [];
  await page.evaluate(navigateAndTime, { href: `?view=sessions&session=${encodeURIComponent(sessionIds[0])}`, ready: sessionReady(sessionIds[0]), timeout: 600_000 });
  for (const id of sessionIds.slice(1)) {
    opens.push(await page.evaluate(navigateAndTime, { href: `?view=sessions&session=${encodeURIComponent(id)}`, ready: sessionReady(id), timeout: 120_000 }));
  }
  opens.sort((a, b) => a - b);

  await page.evaluate(addFloorInput);
  await page.setInputFiles('#bench-floor-input', file);
  const floor = await page.evaluate(runFileWorker, FLOOR_WORKER_SOURCE);

  await page.reload();
  // the page reopens the last session's view: when its first turn is painted, on the page's clock
  const lastSession = sessionIds.at(-1);
  const screenAt = await page.evaluate((ready) => {
    const isReady = new Function(`return (${ready})();`);
    return new Promise((resolve) => {
      const check = () => (isReady() ? resolve(performance.now()) : requestAnimationFrame(check));
      check();
    });
  }, sessionReady(lastSession));
  await waitPhase(page, 'ready');
  const restoreScreenMs = screenAt - (await markAt(page, 'engine:ready'));
  const restoreMs = (await markAt(page, 'dataset:opened')) - (await markAt(page, 'engine:ready'));
  // the part of it that checks the kept file (openDataset); the rest reads where the next load continues
  const restoreCheckMs = (await markAt(page, 'dataset:checked')) - (await markAt(page, 'engine:ready'));
  const restoredStatus = await page.getByTestId('status-line').innerText();
  await context.close();
  return {
    ingestMs, status, tasks, peak, floor, browserCores, restoreMs, restoreCheckMs, restoreScreenMs, restoredStatus, metricsAfterLoadMs, metricsAfterSettingMs, metricsShownMs, keptMs,
    sessionOpen: { warmUp: sessionIds[0], count: opens.length, p50: percentile(opens, 50), p95: percentile(opens, 95), max: opens.at(-1) },
  };
}

/**
 * Builds the app, serves it, runs the figures; returns { chromium, raw, rows }. `inputs`: the
 * OTLP and Parquet copies and the lineage file (bench-inputs.mjs), each optional.
 */
export async function benchBrowser(file, sessionIds, inputs = {}) {
  if (!findChromium()) {
    console.log('Browser benchmark skipped: no Chromium (see README).');
    return null;
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
    const version = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS }).then(async (b) => {
      const v = b.version();
      await b.close();
      return v;
    });
    // BENCH_PARTS=formats,lineage (say) runs only those parts; default: all
    const parts = process.env.BENCH_PARTS?.split(',');
    const want = (part) => !parts || parts.includes(part);
    const rows = [];
    let start = null;
    let run = null;
    let memoryOnly = null;
    if (want('jsonl')) {
      start = await startTimes(profile());
      run = await ingestRun(profile(), file, sessionIds);
      memoryOnly = await memoryOnlyLoad(profile(), file);
      rows.push(...browserRows(file, start, run, memoryOnly));
    }
    const tab = { launch, base: BASE, waitPhase, profile, navigateAndTime, metricsShown };
    const part = async (input, name, figure, runPart) => {
      if (!input || !want(name)) return null;
      const { run: result, failed } = await orFailedRow(figure, () => runPart(tab, input));
      if (failed) rows.push(failed);
      return result;
    };
    const otlp = await part(inputs.otlp, 'formats', 'OTLP ingest', otlpRun);
    const parquet = await part(inputs.parquet, 'formats', 'Parquet ingest', parquetRun);
    rows.push(...formatRows(otlp, parquet, run ? storedEvents(run.status) : inputs.otlp?.events));
    const lineage = await part(inputs.lineage, 'lineage', 'lineage graph', lineageRun);
    if (lineage) rows.push(...lineageRows(lineage));
    const traces = await part(inputs.traces, 'traces', 'OTLP traces ingest', tracesRun);
    if (traces) rows.push(...tracesRows(traces));
    const annotate = await part(file, 'annotate', 'Annotate', annotateRun);
    if (annotate) rows.push(...annotateRows(annotate));
    const tinyFiles = await part(inputs.tinyFiles, 'tinyfiles', 'tiny files', tinyFilesRun);
    if (tinyFiles) rows.push(...tinyFilesRows(tinyFiles));
    const why = await part(file, 'why', 'Why here?', whyRun);
    if (why) rows.push(...whyRows(why));
    return { chromium: version, raw: { start, ...run, memoryOnly, otlp, parquet, lineage, traces, annotate, tinyFiles, why }, rows };
  } finally {
    try {
      process.kill(-server.pid);
    } catch {
      // already gone
    }
    for (const dir of profiles) if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    rmSync(OUT_DIR, { recursive: true, force: true });
  }
}

function browserRows(file, start, run, memoryOnly) {
  const bytes = statSync(file).size;
  const mb = bytes / 1e6;
  const events = run.floor.lines;
  const rate = (ms) => `${(mb / (ms / 1000)).toFixed(1)} MB/s, ${Math.round(events / (ms / 1000)).toLocaleString('en-US')} events/s`;
  const mem = run.peak;
  return [
    { figure: 'engine start, warm (later page load)', ms: start.warm, baseline: 'engine start, cold (new profile)', baselineMs: start.cold, target: '< 2000 ms warm', met: start.warm < 2000 },
    { figure: `ingest ${path.basename(file)} (file chosen → Loaded)`, ms: run.ingestMs, baseline: 'floor: worker in the page reads + JSON.parses every line', baselineMs: run.floor.ms,
      target: '≤ 2× floor', met: run.ingestMs <= 2 * run.floor.ms, note: `app ${rate(run.ingestMs)}; floor ${rate(run.floor.ms)}; ${run.status}; navigator.hardwareConcurrency ${run.browserCores}` },
    { figure: 'file chosen → Metrics numbers on screen', ms: run.metricsShownMs, baseline: 'floor: worker in the page reads + JSON.parses every line', baselineMs: run.floor.ms,
      target: '≤ 3× floor', met: run.metricsShownMs <= 3 * run.floor.ms, note: 'the Metrics screen open during the load' },
    { figure: 'file chosen → kept in browser storage', ms: run.keptMs, baseline: 'floor: worker in the page reads + JSON.parses every line', baselineMs: run.floor.ms,
      target: '≤ 4× floor', met: run.keptMs <= 4 * run.floor.ms, note: 'body[data-keeping] gone after the load (an app keeping during the load: when Loaded)' },
    { figure: 'ingest, memory only (browser storage hidden)', ms: memoryOnly.ms, baseline: 'the same load kept in browser storage (above)', baselineMs: run.ingestMs, target: '—', met: null,
      note: `app ${rate(memoryOnly.ms)}; ${memoryOnly.status}` },
    { figure: 'longest main-thread task during ingest', ms: run.tasks?.longest ?? NaN, baseline: 'target', baselineMs: 100, target: '≤ 100 ms', met: run.tasks ? run.tasks.longest <= 100 : null,
      note: run.tasks ? `${run.tasks.count} long tasks (> 50 ms), ${run.tasks.over100} over 100 ms` : 'longtask unsupported' },
    { figure: 'peak memory of the tab during ingest (MB)', ms: mem.peakRendererMb, unit: 'MB', baseline: 'file size (MB)', baselineMs: mb, target: '< 3× file size', met: mem.peakRendererMb < 3 * mb,
      note: `largest renderer process RSS (main thread + workers + wasm), sampled every ${mem.everyMs} ms, ${mem.beforeMb.toFixed(0)} MB before the file was chosen; CDP JSHeapUsedSize (main thread JS only) peak ${mem.peakJsHeapMb.toFixed(0)} MB` },
    { figure: 'Metrics screen, from Loaded to numbers shown', ms: run.metricsAfterLoadMs, baseline: 'target', baselineMs: 1000, target: '< 1000 ms', met: run.metricsAfterLoadMs < 1000, note: 'screen open during the load; aria-busy=false and no panel recomputing' },
    { figure: 'Metrics screen after a settings change (K 10 → 3)', ms: run.metricsAfterSettingMs, baseline: 'target', baselineMs: 1000, target: '< 1000 ms', met: run.metricsAfterSettingMs < 1000, note: 'in-app navigation to ?k=3 until "K = 3" and all panels settled' },
    { figure: `session open p50 (${run.sessionOpen.count} random sessions)`, ms: run.sessionOpen.p50, baseline: 'target (p95)', baselineMs: 150, target: '—', met: null, note: 'in-app navigation to ?view=sessions&session=<id> until the inspector shows its first turn; first open (list warm-up) not counted' },
    { figure: `session open p95 (${run.sessionOpen.count} random sessions)`, ms: run.sessionOpen.p95, baseline: 'target', baselineMs: 150, target: '< 150 ms', met: run.sessionOpen.p95 < 150, note: `max ${run.sessionOpen.max.toFixed(0)} ms` },
    { figure: 'restore the kept dataset on reload (engine ready → dataset opened)', ms: run.restoreMs, baseline: 'loading it from the file', baselineMs: run.ingestMs, target: '—', met: null, note: `${run.restoredStatus}; checking the kept file ${Math.round(run.restoreCheckMs)} ms of it` },
    { figure: 'restore → first screen (engine ready → the reopened session\'s first turn painted)', ms: run.restoreScreenMs, baseline: 'loading it from the file', baselineMs: run.ingestMs, target: '≤ 1000 ms (issue 30)', met: run.restoreScreenMs <= 1000 },
  ];
}
