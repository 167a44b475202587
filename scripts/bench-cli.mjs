// The command-line half of the bench: `retrieval-inspector report --json FILE` (the app's CLI) on
// the wasm engine and with `--engine native`, beside native DuckDB reading the same file (the
// baseline, not the app: it may use read_json, the app never does). BENCH_CLI_ARGS adds
// arguments to both runs; BENCH_CLI_ENGINES=native (say) runs one engine only.
import { DuckDBInstance } from '@duckdb/node-api';
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** Every distinct session id in `file` (regex over each line: no full parse), then `count` picked by a seeded shuffle. */
export async function randomSessionIds(file, count, seed = 12) {
  const ids = new Set();
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const match = /"session_id":"([^"]+)"/.exec(line);
    if (match) ids.add(match[1]);
  }
  const all = [...ids];
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return { sessions: all.length, picked: all.slice(0, count) };
}

/** Why a run failed, in 300 characters: the line that names the error (a minified bundle's stack prints a page of code first), else the start of the output. */
function failureText(run) {
  const text = run.stderr || run.stdout || `exit ${run.status} ${run.signal ?? ''}`;
  const named = text.split('\n').find((line) => line.length < 400 && /(^\w*Error\b|Error:|FATAL ERROR|out of memory)/i.test(line));
  return (named ? named.trim() : text).slice(0, 300);
}

/** Wall time of `report --json` on `engine` ('wasm' or 'native'), with its output kept for comparing the engines. */
export async function timeCliReport(file, engine = 'wasm') {
  const extra = (process.env.BENCH_CLI_ARGS ?? '').split(' ').filter(Boolean);
  const args = ['bin/retrieval-inspector.mjs', 'report', '--json', ...(engine === 'wasm' ? [] : ['--engine', engine]), ...extra, file];
  const started = performance.now();
  const run = await spawnCollecting(process.execPath, args);
  const ms = performance.now() - started;
  return {
    engine, ms, ok: run.status === 0, command: `node ${args.join(' ')}`, stdout: run.status === 0 ? run.stdout : '',
    error: run.status === 0 ? '' : failureText(run),
  };
}

/** Both engines' `report --json` and the native read; table rows and raw figures. */
export async function cliRows(file) {
  const engines = (process.env.BENCH_CLI_ENGINES ?? 'wasm,native').split(',');
  const native = await timeNativeDuckDb(file);
  const reports = [];
  for (const engine of engines) reports.push(await timeCliReport(file, engine));
  const [wasm, nativeReport] = ['wasm', 'native'].map((engine) => reports.find((r) => r.engine === engine));
  const same = wasm?.ok && nativeReport?.ok ? wasm.stdout === nativeReport.stdout : null;
  const rows = reports.map((report) => ({
    figure: `command line: report --json${report.engine === 'wasm' ? '' : ` --engine ${report.engine}`} on the file`, ms: report.ms,
    baseline: 'native DuckDB: count(*), distinct sessions and types FROM read_json_auto(file)', baselineMs: native.ms, target: '—', met: null,
    note: report.ok
      ? `${report.command}; native read ${native.rows.toLocaleString('en-US')} rows, ${native.sessions.toLocaleString('en-US')} sessions${same === null ? '' : `; wasm and native JSON ${same ? 'identical' : 'DIFFER'}`}`
      : `FAILED: ${report.error}`,
  }));
  return { rows, raw: { native, reports: reports.map(({ stdout, ...rest }) => ({ ...rest, outputBytes: stdout.length })), identicalJson: same } };
}

/** Like spawnSync, without blocking the bench's own timers (its load-average sampler). */
function spawnCollecting(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('close', (status, signal) => resolve({ status, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

export async function timeNativeDuckDb(file) {
  const started = performance.now();
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  // count(*) alone lets DuckDB skip parsing values; counting distinct sessions and types makes it read them
  const reader = await connection.runAndReadAll(`SELECT count(*), count(DISTINCT session_id), count(DISTINCT type) FROM read_json_auto('${file.replaceAll("'", "''")}')`);
  const [rows, sessions, types] = reader.getRows()[0].map(Number);
  const ms = performance.now() - started;
  connection.closeSync?.();
  return { ms, rows, sessions, types };
}
