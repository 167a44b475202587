// `npm run bench`: the built app in headless Chromium and the command line on one generated file,
// printed as one table (figure, time, baseline, baseline time, ratio, note) and written to
// .bench/results.json with the machine it ran on, so runs can be compared.
//   BENCH_EVENTS=1000000 npm run bench   size of the generated input (default 100,000)
//   BENCH_NODE=1                         also run the older in-Node figures (bench/main.ts) first
//   BENCH_BROWSER=0 / BENCH_CLI=0        skip a half
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomSessionIds, timeCliReport, timeNativeDuckDb } from './bench-cli.mjs';

const SESSION_OPENS = 50; // timed, after one untimed open that warms the sessions list
const events = Number(process.env.BENCH_EVENTS ?? 100_000);
const file = path.resolve('.bench', `events-${events}.jsonl`);
mkdirSync('.bench', { recursive: true });
if (!existsSync(file)) {
  console.log(`Generating ${events.toLocaleString('en-US')} events into ${file} …`);
  execFileSync(process.execPath, ['sample-logs/generate.mjs', '--events', String(events), '--out', file], { stdio: 'inherit' });
}

if (process.env.BENCH_NODE === '1') {
  const { bundleForNode } = await import('./build-cli.mjs');
  await bundleForNode('bench/main.ts', '.bench/bench.mjs');
  const run = spawnSync(process.execPath, ['--max-old-space-size=8192', '.bench/bench.mjs'], { stdio: 'inherit', env: { ...process.env, BENCH_EVENTS: String(events) } });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const loadBefore = os.loadavg();
const rows = [];
const raw = {};
let chromiumVersion = null;

if (process.env.BENCH_BROWSER !== '0') {
  const { picked, sessions } = await randomSessionIds(file, SESSION_OPENS + 1);
  const { benchBrowser } = await import('./bench-browser.mjs');
  const browser = await benchBrowser(file, picked);
  if (browser) {
    chromiumVersion = browser.chromium;
    raw.browser = { ...browser.raw, sessionsInFile: sessions };
    rows.push(...browser.rows);
  }
}

if (process.env.BENCH_CLI !== '0') {
  const native = await timeNativeDuckDb(file);
  const cli = timeCliReport(file);
  raw.cli = { report: cli, native };
  rows.push({
    figure: 'command line: report --json on the file', ms: cli.ms, baseline: 'native DuckDB: count(*), distinct sessions and types FROM read_json_auto(file)', baselineMs: native.ms,
    target: '—', met: null, note: cli.ok ? `${cli.command}; native read ${native.rows.toLocaleString('en-US')} rows, ${native.sessions.toLocaleString('en-US')} sessions` : `FAILED: ${cli.error}`,
  });
}

const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGb: +(os.totalmem() / 2 ** 30).toFixed(1),
  os: `${os.type()} ${os.release()} ${os.arch()}`, node: process.version, chromium: chromiumVersion,
  loadAverage: { before: loadBefore.map((n) => +n.toFixed(2)), after: os.loadavg().map((n) => +n.toFixed(2)) },
};
const results = { date: new Date().toISOString(), events, file, bytes: statSync(file).size, machine, rows, raw };
const out = path.resolve('.bench', 'results.json');
writeFileSync(out, JSON.stringify(results, null, 2));
writeFileSync(path.resolve('.bench', `results-${events}-${results.date.replaceAll(':', '-')}.json`), JSON.stringify(results, null, 2));

const fmt = (row, value) => (Number.isFinite(value) ? `${value.toFixed(0)}${row.unit === 'MB' ? ' MB' : ' ms'}` : 'n/a');
console.log(`\n${events.toLocaleString('en-US')} events, ${(results.bytes / 1e6).toFixed(1)} MB · ${machine.cpu} × ${machine.cores}, ${machine.memoryGb} GB · Node ${machine.node} · Chromium ${machine.chromium ?? '—'} · load ${machine.loadAverage.before.join(' ')}`);
console.table(rows.map((row) => ({
  figure: row.figure, time: fmt(row, row.ms), baseline: row.baseline, 'baseline time': fmt(row, row.baselineMs),
  ratio: Number.isFinite(row.ms / row.baselineMs) ? (row.ms / row.baselineMs).toFixed(2) : 'n/a',
  target: row.met === null ? row.target : `${row.target} ${row.met ? 'met' : 'MISSED'}`, note: row.note ?? '',
})));
console.log(`Written to ${out}`);
