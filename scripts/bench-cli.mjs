// The command-line half of the bench: `retrieval-inspector report --json FILE` (the app's CLI,
// wasm engine unless BENCH_CLI_ARGS says otherwise), beside native DuckDB reading the same file
// (the baseline, not the app: it may use read_json, the app never does).
import { DuckDBInstance } from '@duckdb/node-api';
import { spawnSync } from 'node:child_process';
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

export function timeCliReport(file) {
  const extra = (process.env.BENCH_CLI_ARGS ?? '').split(' ').filter(Boolean);
  const args = ['bin/retrieval-inspector.mjs', 'report', '--json', ...extra, file];
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { maxBuffer: 1 << 28, encoding: 'utf8' });
  const ms = performance.now() - started;
  return { ms, ok: run.status === 0, command: `node ${args.join(' ')}`, error: run.status === 0 ? '' : (run.stderr || '').slice(0, 300) };
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
