// The JavaScript half of a load split into stages, each timed (CPU time) over the same lines held in memory
// (no I/O): JSON.parse; + validateInto (fields checked, by column); + addCells (written into the
// Arrow builder's buffers, strings as UTF-8); + flushBatch (Arrow data of each batch); + batchToIPC
// (encoded); and the app's RecordAcceptor, which does all of it (plus rejected rows and counts). Each stage includes the ones before it; the difference is its own cost.
//   node scripts/bench-phases.mjs FILE --stages [ROUNDS]
import { readFileSync } from 'node:fs';
import { ArrowBatchBuilder, batchToIPC } from '../app/engine/arrow-batch';
import { TYPE_COLUMNS } from '../app/schema/columns';
import type { EventType } from '../app/schema/event-types';
import { CheckedRow, validateInto } from '../app/schema/validate';
import { RecordAcceptor } from '../app/ingest/record-acceptor';

const file = process.argv[2];
const rounds = Number(process.argv[3] ?? 3);
const lines = readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
const BATCH = 20_000;
/** CPU milliseconds of this process (GC threads included): on a shared machine they move far less than wall time. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

type Stage = 'parse' | 'validate' | 'write' | 'columns' | 'ipc';
const STAGES: Stage[] = ['parse', 'validate', 'write', 'columns', 'ipc'];

function run(upTo: number): number {
  const started = cpuNow();
  const seen = new Set<string>();
  const builders = new Map<EventType, ArrowBatchBuilder>();
  const builderFor = (type: EventType) => {
    let builder = builders.get(type);
    if (!builder) builders.set(type, (builder = new ArrowBatchBuilder(TYPE_COLUMNS[type], BATCH)));
    return builder;
  };
  const row = new CheckedRow();
  let sink = 0;
  for (let n = 0; n < lines.length; n++) {
    const value = JSON.parse(lines[n]);
    if (upTo < 1) continue;
    if (validateInto(value, seen, row) || upTo < 2) continue;
    const builder = builderFor(row.type);
    builder.addCells(row.cells);
    if (builder.length < BATCH) continue;
    if (upTo < 3) builders.delete(row.type);
    else if (upTo < 4) sink += builder.flushBatch().numRows;
    else sink += batchToIPC(builder.flushBatch()).byteLength;
  }
  if (sink < 0) console.log(sink);
  return cpuNow() - started;
}

/** The app's own acceptor (validation, Arrow, rejected rows, counts) up to encoded batches: the whole JS path of a chunk. */
function acceptor(): number {
  const started = cpuNow();
  const records = new RecordAcceptor({ fileId: 1, fileName: 'f', seqStart: 0, seenRetrievalIds: new Set(), batchRows: BATCH });
  let sink = 0;
  for (let n = 0; n < lines.length; n++) {
    records.text(n + 1, lines[n]);
    if ((n & 1023) === 0) for (const { builder } of records.ready(false)) sink += builder.flush().byteLength;
  }
  for (const { builder } of records.ready(true)) sink += builder.flush().byteLength;
  if (sink < 0) console.log(sink);
  return cpuNow() - started;
}

const results: Record<string, number[]> = {};
for (let round = 0; round < rounds; round++) {
  STAGES.forEach((stage, index) => (results[stage] ??= []).push(run(index)));
  (results.acceptor ??= []).push(acceptor());
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const parse = median(results.parse);
let before = 0;
const table = [...STAGES, 'acceptor'].map((stage) => {
  const ms = median(results[stage]);
  const own = stage === 'acceptor' ? ms : ms - before;
  if (stage !== 'acceptor') before = ms;
  return { stage, cumulativeCpuMs: Math.round(ms), ownCpuMs: Math.round(own), ratioToParse: +(ms / parse).toFixed(2) };
});
console.log(JSON.stringify({ file, lines: lines.length, rounds, medianOf: rounds, stages: table }, null, 2));
