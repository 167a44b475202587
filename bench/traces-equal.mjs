// Whether an OTLP file and a JSON Lines file load to the same events: both exported with the
// app's own `export --parquet` and compared row for row (as multisets), every column but the
// ones a file's name and lines decide (event_id when the import derives it: the asset events'
// `<file>:<line>#<n>`, `extra`), and the per-session summaries too.
//   node bench/traces-equal.mjs OTLP_FILE EVENTS_FILE
import { DuckDBInstance } from '@duckdb/node-api';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [otlpFile, eventsFile] = process.argv.slice(2);
const dir = mkdtempSync(path.join(os.tmpdir(), 'traces-equal-'));
const exported = (file, name) => {
  const out = path.join(dir, name);
  const run = spawnSync(process.execPath, ['--max-old-space-size=8192', 'bin/retrieval-inspector.mjs', 'export', '--parquet', out, '--sessions-summary', `${out}-sessions.parquet`, file], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`export of ${file} failed: ${run.stderr || run.stdout}`);
  return out;
};
try {
  const [a, b] = [exported(otlpFile, 'otlp'), exported(eventsFile, 'events')];
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const rows = async (sql) => (await connection.runAndReadAll(sql)).getRowObjectsJS();
  const columns = (await rows(`DESCRIBE SELECT * FROM read_parquet('${a}/events.parquet')`)).map((r) => r.column_name);
  const compared = columns.filter((c) => c !== 'extra').map((c) => (c === 'event_id' ? `CASE WHEN type = 'asset' THEN NULL ELSE event_id END AS event_id` : `"${c}"`)).join(', ');
  const side = (d) => `SELECT ${compared} FROM read_parquet('${d}/events.parquet')`;
  const count = async (sql) => Number((await rows(`SELECT count(*) AS n FROM (${sql})`))[0].n);
  const report = {
    eventsOtlp: await count(side(a)),
    eventsJsonl: await count(side(b)),
    onlyInOtlp: await count(`${side(a)} EXCEPT ALL ${side(b)}`),
    onlyInJsonl: await count(`${side(b)} EXCEPT ALL ${side(a)}`),
    rejectedOtlp: await count(`SELECT * FROM read_parquet('${a}/rejected.parquet')`),
    rejectedJsonl: await count(`SELECT * FROM read_parquet('${b}/rejected.parquet')`),
    sessions: await count(`SELECT * FROM read_parquet('${a}-sessions.parquet')`),
    sessionsDiffer: await count(`(SELECT * FROM read_parquet('${a}-sessions.parquet') EXCEPT ALL SELECT * FROM read_parquet('${b}-sessions.parquet')) UNION ALL (SELECT * FROM read_parquet('${b}-sessions.parquet') EXCEPT ALL SELECT * FROM read_parquet('${a}-sessions.parquet'))`),
  };
  if (report.onlyInOtlp > 0) report.sampleOnlyInOtlp = (await rows(`${side(a)} EXCEPT ALL ${side(b)} LIMIT 3`)).map((r) => JSON.stringify(r, (k, v) => (typeof v === 'bigint' ? Number(v) : v)).slice(0, 600));
  if (report.onlyInJsonl > 0) report.sampleOnlyInJsonl = (await rows(`${side(b)} EXCEPT ALL ${side(a)} LIMIT 3`)).map((r) => JSON.stringify(r, (k, v) => (typeof v === 'bigint' ? Number(v) : v)).slice(0, 600));
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = report.onlyInOtlp + report.onlyInJsonl + report.sessionsDiffer === 0 && report.eventsOtlp === report.eventsJsonl ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
