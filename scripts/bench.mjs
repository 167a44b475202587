// `npm run bench`: the built app in headless Chromium and the command line on one generated file,
// printed as one table (figure, time, baseline, baseline time, ratio, note) and written to
// .bench/results.json with the machine it ran on, so runs can be compared.
//   BENCH_EVENTS=1000000 npm run bench   size of the generated input (default 100,000)
//   BENCH_NODE=1                         also run the older in-Node figures (bench/main.ts) first
//   BENCH_BROWSER=0 / BENCH_CLI=0        skip a half
//   BENCH_PARTS=jsonl,formats,lineage,traces   the browser parts to run (default all): the JSON
//                                        Lines figures, OTLP + Parquet ingest, the lineage graph,
//                                        a LlamaIndex-shaped OTLP file of BENCH_SPANS spans against
//                                        the same events as JSON Lines (+ `report --json` on both),
//                                        annotate: Annotate opened, a queue switch, the next item
//                                        while labeling (its labels spread over three annotators),
//                                        tinyfiles: 10,000 files of 3 events chosen at once against
//                                        the same events in one file (bench-tinyfiles.mjs),
//                                        why: the "Why here?" panel of masked failures (bench-why.mjs),
//                                        whatif: (in Node) the events with stages on every retrieval,
//                                        a what-if and a 10-point sweep (bench/what-if.bench.ts)
//   BENCH_TINY_FILES=10000               files of the tinyfiles part
//   BENCH_ANNOTATE_ITEMS=25              items labeled in a row by the annotate part
//   BENCH_SPANS=1000000                  spans of that file (default 1M at BENCH_EVENTS ≥ 1M, else 100k)
//   BENCH_CLI_EVENTS=10000000            the command line only, on a file of that many events
//                                        (generated once); BENCH_CLI_ENGINES=native for one engine
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliRows, randomSessionIds } from './bench-cli.mjs';
import { lineageFile, otlpCopy, parquetCopy, tracesPair } from './bench-inputs.mjs';
import { tracesCliRows } from './bench-traces.mjs';
import { tinyFiles } from './bench-tinyfiles.mjs';
import { SAMPLE_LOG_GENERATOR } from './sample-log-generator.mjs';

const SESSION_OPENS = 50; // timed, after one untimed open that warms the sessions list
const cliOnly = process.env.BENCH_CLI_EVENTS !== undefined;
const events = Number(process.env.BENCH_CLI_EVENTS ?? process.env.BENCH_EVENTS ?? 100_000);
mkdirSync('.bench', { recursive: true });
// a size generated before is reused; a new one is written under the bench's own name
const file = [`events-${events}.jsonl`, `bench-events-${events}.jsonl`].map((name) => path.resolve('.bench', name)).find(existsSync)
  ?? path.resolve('.bench', `bench-events-${events}.jsonl`);
if (!existsSync(file)) {
  console.log(`Generating ${events.toLocaleString('en-US')} events into ${file} …`);
  execFileSync(process.execPath, [SAMPLE_LOG_GENERATOR, '--events', String(events), '--out', file], { stdio: 'inherit' });
}

/** The load average every 5 s while the bench runs: the machine is shared, and a busy one moves every figure. */
const loadSamples = [];
loadSamples.push(os.loadavg()[0]);
const loadSampler = setInterval(() => loadSamples.push(os.loadavg()[0]), 5000);
loadSampler.unref();

if (process.env.BENCH_NODE === '1') {
  const { bundleForNode } = await import('./build-cli.mjs');
  await bundleForNode('bench/main.ts', '.bench/bench.mjs');
  const run = spawnSync(process.execPath, ['--max-old-space-size=8192', '.bench/bench.mjs'], { stdio: 'inherit', env: { ...process.env, BENCH_EVENTS: String(events) } });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const parts = process.env.BENCH_PARTS?.split(',');
const whatIfRows = [];
if (!cliOnly && (!parts || parts.includes('whatif'))) {
  const { stagesCopy } = await import('./bench-inputs.mjs');
  console.log('The events with stages on every retrieval (made once) …');
  const staged = await stagesCopy(file);
  const { bundleForNode } = await import('./build-cli.mjs');
  await bundleForNode('bench/what-if-main.ts', '.bench/what-if.mjs');
  await bundleForNode('app/cli/statistics.worker.ts', '.bench/statistics-worker.mjs');
  const run = spawnSync(process.execPath, ['--max-old-space-size=8192', '.bench/what-if.mjs', staged], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(run.stdout ?? ''); // (printed when the part ends; its own lines name each figure as it is taken)
  const line = (run.stdout ?? '').split('\n').find((text) => text.startsWith('WHAT_IF_RESULTS '));
  if (run.status !== 0 || !line) process.exit(run.status ?? 1);
  whatIfRows.push(...JSON.parse(line.slice('WHAT_IF_RESULTS '.length)));
}

const loadBefore = os.loadavg();
const rows = [];
// the what-if figures (Node, DuckDB-wasm): a what-if and a sweep against their aims (2 s, 10 s), the parts and the load beside them
for (const m of whatIfRows) {
  const aimed = m.aimMs !== undefined;
  rows.push({ figure: m.name, ms: m.ms, baseline: m.baseline, baselineMs: m.baselineMs, target: aimed ? `≤ ${m.aimMs / 1000} s` : '—', met: aimed ? m.ms <= m.aimMs : null, note: m.note });
}
const raw = {};
let chromiumVersion = null;

const traceSpans = Number(process.env.BENCH_SPANS ?? (events >= 1_000_000 ? 1_000_000 : 100_000));
let traces = null;
if (!cliOnly && (!parts || parts.includes('traces'))) {
  console.log(`A LlamaIndex-shaped OTLP file of ${traceSpans.toLocaleString('en-US')} spans and the same events as JSON Lines (made once) …`);
  traces = await tracesPair(traceSpans);
}

if (process.env.BENCH_BROWSER !== '0' && !cliOnly) {
  const inputs = {};
  if (traces) inputs.traces = traces;
  if (!parts || parts.includes('formats')) {
    console.log('OTLP and Parquet copies of the events (made once) …');
    inputs.otlp = await otlpCopy(file);
    inputs.parquet = parquetCopy(file);
  }
  if (!parts || parts.includes('lineage')) inputs.lineage = lineageFile([200, 2000]);
  if (!parts || parts.includes('tinyfiles')) inputs.tinyFiles = tinyFiles();
  const { picked, sessions } = await randomSessionIds(file, SESSION_OPENS + 1);
  const { benchBrowser } = await import('./bench-browser.mjs');
  const browser = await benchBrowser(file, picked, inputs);
  if (browser) {
    chromiumVersion = browser.chromium;
    raw.browser = { ...browser.raw, sessionsInFile: sessions };
    rows.push(...browser.rows);
  }
}

if (process.env.BENCH_CLI !== '0') {
  const cli = await cliRows(file);
  raw.cli = cli.raw;
  rows.push(...cli.rows);
  if (traces) {
    const tracesCli = await tracesCliRows(traces);
    raw.tracesCli = tracesCli.raw;
    rows.push(...tracesCli.rows);
  }
}
clearInterval(loadSampler);
loadSamples.push(os.loadavg()[0]);

const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGb: +(os.totalmem() / 2 ** 30).toFixed(1),
  os: `${os.type()} ${os.release()} ${os.arch()}`, node: process.version, chromium: chromiumVersion,
  loadAverage: {
    before: loadBefore.map((n) => +n.toFixed(2)), after: os.loadavg().map((n) => +n.toFixed(2)),
    during: { min: +Math.min(...loadSamples).toFixed(2), max: +Math.max(...loadSamples).toFixed(2), mean: +(loadSamples.reduce((a, b) => a + b, 0) / loadSamples.length).toFixed(2), everyS: 5, oneMinute: loadSamples.map((n) => +n.toFixed(2)) },
  },
};
// every target the run measured (issue 12's; the OTLP traces one), met or missed (the ingest target is set at 1M events)
const targets = rows.filter((row) => row.met !== null).map((row) => ({ figure: row.figure, target: row.target, met: row.met }));
const date = new Date().toISOString();
const results = { date, events, file, bytes: statSync(file).size, machine, targets: { met: targets.filter((t) => t.met).length, of: targets.length, each: targets }, rows, raw };
// a partial run (BENCH_CLI_EVENTS, BENCH_PARTS) keeps its own file and leaves the last full run's results.json
const partial = cliOnly ? 'cli-' : process.env.BENCH_PARTS ? 'partial-' : '';
const out = path.resolve('.bench', partial ? `results-${partial}${events}-${date.replaceAll(':', '-')}.json` : 'results.json');
writeFileSync(out, JSON.stringify(results, null, 2));
if (!partial) writeFileSync(path.resolve('.bench', `results-${events}-${date.replaceAll(':', '-')}.json`), JSON.stringify(results, null, 2));

const fmt = (row, value) => (Number.isFinite(value) ? `${value.toFixed(0)}${row.unit === 'MB' ? ' MB' : ' ms'}` : 'n/a');
const load = machine.loadAverage.during;
console.log(`\n${events.toLocaleString('en-US')} events, ${(results.bytes / 1e6).toFixed(1)} MB · ${machine.cpu} × ${machine.cores} cores, ${machine.memoryGb} GB · Node ${machine.node} · Chromium ${machine.chromium ?? '—'} · load average during the run ${load.min}–${load.max} (mean ${load.mean}) on ${machine.cores} cores`);
console.table(rows.map((row) => ({
  figure: row.figure, time: fmt(row, row.ms), baseline: row.baseline, 'baseline time': fmt(row, row.baselineMs),
  ratio: Number.isFinite(row.ms / row.baselineMs) ? (row.ms / row.baselineMs).toFixed(2) : 'n/a',
  target: row.met === null ? row.target : `${row.target} ${row.met ? 'met' : 'MISSED'}`, note: row.note ?? '',
})));
if (targets.length > 0) console.log(`Targets: ${results.targets.met} of ${results.targets.of} met${events < 1_000_000 && rows.some((row) => row.figure.startsWith('ingest ')) ? ' (the ingest target is set at 1M events: BENCH_EVENTS=1000000)' : ''}${traces && traces.otlp.spans < 1_000_000 ? ' (the OTLP traces target is set at 1M spans: BENCH_SPANS=1000000)' : ''}`);
for (const t of targets) console.log(`  ${t.met ? 'met   ' : 'MISSED'}  ${t.figure}: ${t.target}`);
console.log(`Written to ${out}`);
