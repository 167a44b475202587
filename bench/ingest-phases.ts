// Where a load's time goes, in Node on the wasm engine (the browser's engine, same app code):
// the bare parse floor; parse + validate + Arrow alone (inserts discarded); the same with DuckDB
// inserts (in one transaction, as the browser loads a file), per table and per tenth of the
// file; recording the file; building every derived table a browser load builds before "Loaded"
// (finalizeLoad's, then ensureDerivedTables'), each table timed on its own.
//   node scripts/bench-phases.mjs [FILE]      BENCH_BATCH_ROWS=N to try another batch size
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { initDataset, recordFile } from '../app/engine/dataset';
import { updateDerivedTables } from '../app/engine/derived/update-derived-tables';
import { METRIC_TABLES, POST_LOAD_TABLES } from '../app/engine/sql/derived/registry';
import { createNodeEngine } from '../app/engine/node-engine';
import { ingestFile } from '../app/ingest/ingest-file';
import { nodeInputFile } from '../app/ingest/node-files';

const file = process.argv[2];
const batchRows = process.env.BENCH_BATCH_ROWS ? Number(process.env.BENCH_BATCH_ROWS) : undefined;
const since = (started: number) => Math.round(performance.now() - started);
/** CPU milliseconds of this process: on a shared machine they move far less than wall time. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const cpuSince = (started: number) => Math.round(cpuNow() - started);

async function bareParse(): Promise<{ ms: number; cpuMs: number }> {
  const started = performance.now();
  const cpu = cpuNow();
  const lines = createInterface({ input: createReadStream(file, { highWaterMark: 1 << 20 }), crlfDelay: Infinity });
  for await (const line of lines) if (line) JSON.parse(line);
  return { ms: since(started), cpuMs: cpuSince(cpu) };
}

async function ingest(insert: (table: string, ipc: Uint8Array) => Promise<void>, fileId: number) {
  const input = nodeInputFile(file);
  const started = performance.now();
  const cpu = cpuNow();
  const result = await ingestFile({ fileId, fileName: input.name, stream: input.stream(), totalBytes: input.size, seqStart: 0, seenRetrievalIds: new Set(), target: { insert }, batchRows });
  return { ms: since(started), cpuMs: cpuSince(cpu), result };
}

const floor = await bareParse();
const parseOnly = await ingest(async () => {}, 1);
const engine = await createNodeEngine();
await initDataset(engine);
let insertMs = 0;
let insertCpuMs = 0;
let insertedBytes = 0;
const byTable: Record<string, { batches: number; ms: number; mb: number }> = {};
const byTenth: number[] = [];
const fileBytes = nodeInputFile(file).size ?? 1;
await engine.exec('BEGIN TRANSACTION');
const withInsert = await ingest(async (table, ipc) => {
  const started = performance.now();
  const cpu = cpuNow();
  await engine.insertArrowIPC(table, ipc);
  const ms = performance.now() - started;
  insertMs += ms;
  insertCpuMs += cpuNow() - cpu;
  insertedBytes += ipc.byteLength;
  const entry = (byTable[table] ??= { batches: 0, ms: 0, mb: 0 });
  entry.batches++;
  entry.ms += ms;
  entry.mb += ipc.byteLength / 1e6;
  const tenth = Math.min(9, Math.floor((10 * insertedBytes) / (fileBytes * 0.9)));
  byTenth[tenth] = (byTenth[tenth] ?? 0) + ms;
}, 1);
let started = performance.now();
await recordFile(engine, withInsert.result);
await engine.exec('COMMIT');
const recordMs = since(started);
// One table at a time, in dependency order: each one's reads are up to date when it is built.
const derivedMsByTable: Record<string, number> = {};
const derivedCpuMsByTable: Record<string, number> = {};
for (const table of [...POST_LOAD_TABLES, ...METRIC_TABLES]) {
  started = performance.now();
  const cpu = cpuNow();
  await updateDerivedTables(engine, [table]);
  derivedMsByTable[table] = since(started);
  derivedCpuMsByTable[table] = cpuSince(cpu);
}
const sum = (values: Record<string, number>, names: readonly string[]) => names.reduce((total, name) => total + values[name], 0);
const derivedMs = sum(derivedMsByTable, POST_LOAD_TABLES);
const metricTablesMs = sum(derivedMsByTable, METRIC_TABLES);
const round = (n: number) => Math.round(n);
console.log(JSON.stringify({
  file, events: withInsert.result.events, batchRows: batchRows ?? 'default',
  floorMs: floor.ms, parseValidateArrowMs: parseOnly.ms, ingestWithInsertMs: withInsert.ms, insertArrowIpcMs: round(insertMs),
  cpuMs: { floor: floor.cpuMs, parseValidateArrow: parseOnly.cpuMs, ingestWithInsert: withInsert.cpuMs, insertArrowIpc: round(insertCpuMs) },
  cpuRatioToFloor: { parseValidateArrow: +(parseOnly.cpuMs / floor.cpuMs).toFixed(2), ingestWithInsert: +(withInsert.cpuMs / floor.cpuMs).toFixed(2) }, insertedMB: round(insertedBytes / 1e6), recordFileAndCommitMs: recordMs, postLoadDerivedTablesMs: derivedMs, metricTablesMs,
  derivedTables: Object.fromEntries(Object.keys(derivedMsByTable).map((table) => [table, `${derivedMsByTable[table]} ms (CPU ${derivedCpuMsByTable[table]} ms)`])),
  insertMsByTable: Object.fromEntries(Object.entries(byTable).map(([table, { batches, ms, mb }]) => [table, `${round(ms)} ms, ${batches} batches, ${round(mb)} MB`])),
  insertMsByTenthOfTheBytes: byTenth.map(round),
}, null, 2));
await engine.close();
