// Where a load's time goes, in Node on the wasm engine (the browser's engine, same app code):
// the bare parse floor; parse + validate + Arrow alone (inserts discarded); the same with DuckDB
// inserts (in one transaction, as the browser loads a file), per table and per tenth of the
// file; recording the file; building the post-load derived tables.
//   node scripts/bench-phases.mjs [FILE]      BENCH_BATCH_ROWS=N to try another batch size
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { finalizeLoad, initDataset, recordFile } from '../app/engine/dataset';
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
started = performance.now();
await finalizeLoad(engine);
const derivedMs = since(started);
const round = (n: number) => Math.round(n);
console.log(JSON.stringify({
  file, events: withInsert.result.events, batchRows: batchRows ?? 'default',
  floorMs: floor.ms, parseValidateArrowMs: parseOnly.ms, ingestWithInsertMs: withInsert.ms, insertArrowIpcMs: round(insertMs),
  cpuMs: { floor: floor.cpuMs, parseValidateArrow: parseOnly.cpuMs, ingestWithInsert: withInsert.cpuMs, insertArrowIpc: round(insertCpuMs) },
  cpuRatioToFloor: { parseValidateArrow: +(parseOnly.cpuMs / floor.cpuMs).toFixed(2), ingestWithInsert: +(withInsert.cpuMs / floor.cpuMs).toFixed(2) }, insertedMB: round(insertedBytes / 1e6), recordFileAndCommitMs: recordMs, postLoadDerivedTablesMs: derivedMs,
  insertMsByTable: Object.fromEntries(Object.entries(byTable).map(([table, { batches, ms, mb }]) => [table, `${round(ms)} ms, ${batches} batches, ${round(mb)} MB`])),
  insertMsByTenthOfTheBytes: byTenth.map(round),
}, null, 2));
await engine.close();
