// Where a load's time goes, in Node on the wasm engine (the browser's engine, same app code):
// the bare parse floor; parse + validate + Arrow alone (inserts discarded); the same with DuckDB
// inserts; recording the file; building the post-load derived tables.
//   node scripts/bench-phases.mjs [FILE]
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { finalizeLoad, initDataset, recordFile } from '../app/engine/dataset';
import { createNodeEngine } from '../app/engine/node-engine';
import { ingestFile } from '../app/ingest/ingest-file';
import { nodeInputFile } from '../app/ingest/node-files';

const file = process.argv[2];
const since = (started: number) => Math.round(performance.now() - started);

async function bareParse(): Promise<number> {
  const started = performance.now();
  const lines = createInterface({ input: createReadStream(file, { highWaterMark: 1 << 20 }), crlfDelay: Infinity });
  for await (const line of lines) if (line) JSON.parse(line);
  return since(started);
}

async function ingest(insert: (table: string, ipc: Uint8Array) => Promise<void>, fileId: number) {
  const input = nodeInputFile(file);
  const started = performance.now();
  const result = await ingestFile({ fileId, fileName: input.name, stream: input.stream(), totalBytes: input.size, seqStart: 0, seenRetrievalIds: new Set(), target: { insert } });
  return { ms: since(started), result };
}

const floorMs = await bareParse();
let insertMs = 0;
const parseOnly = await ingest(async () => {}, 1);
const engine = await createNodeEngine();
await initDataset(engine);
const withInsert = await ingest(async (table, ipc) => {
  const started = performance.now();
  await engine.insertArrowIPC(table, ipc);
  insertMs += performance.now() - started;
}, 1);
let started = performance.now();
await recordFile(engine, withInsert.result);
const recordMs = since(started);
started = performance.now();
await finalizeLoad(engine);
const derivedMs = since(started);
console.log(JSON.stringify({
  file, events: withInsert.result.events, floorMs, parseValidateArrowMs: parseOnly.ms, ingestWithInsertMs: withInsert.ms,
  insertArrowIpcMs: Math.round(insertMs), recordFileMs: recordMs, postLoadDerivedTablesMs: derivedMs,
}, null, 2));
await engine.close();
