// Where an OTLP load's time goes, in Node on the wasm engine (the browser's engine and ingest
// code, one thread), beside the same events as JSON Lines (bench-inputs.mjs `tracesPair`):
//   floor           read + JSON.parse every line
//   decode only     (BENCH_DECODE=1) ingestFile with a collector that keeps no span: the read and
//                   the decoding of every span, nothing resolved or validated
//   read            ingestFile: read, decode every span into the load's TraceCollector; past the
//                   collector's budget, the traces whose root has come are resolved as the file is
//                   read (`resolveRooted`, timed on its own) and their rows validated and inserted
//                   with the file's (inserts timed on their own)
//                   (for the JSON Lines file: read, validate, Arrow batches and their inserts)
//   resolve         TraceCollector.resolve(): every trace resolved whole (storeResolvedTraces' first step)
//   accept          storeResolvedTraces beyond resolve and the inserts: validating the resolved
//                   events, Arrow batches of events and kept spans
//   insert          insertArrowIPC of those batches (one transaction, as the browser)
//   derived tables  finalizeLoad + ensureDerivedTables (what a load builds before "Loaded")
// Each with wall and CPU time (user + system of the process: on a shared machine it moves far
// less than wall time), and the heap held once the file is read (after a GC).
//   node scripts/bench-traces-phases.mjs FILE [FILE…]   (one process per file)
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { finalizeLoad, initDataset, recordFile, recordTraceRows } from '../app/engine/dataset';
import { ensureDerivedTables } from '../app/engine/derived/metric-tables';
import { createNodeEngine } from '../app/engine/node-engine';
import { ingestFile } from '../app/ingest/ingest-file';
import { LoadState } from '../app/ingest/load-state';
import { nodeInputFile } from '../app/ingest/node-files';
import { storeResolvedTraces } from '../app/ingest/otlp/store-traces';
import type { TraceCollector } from '../app/ingest/otlp/trace/trace-collector';

const file = process.argv[2];
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
interface Timed { ms: number; cpuMs: number }
const timer = () => {
  const wall = performance.now();
  const cpu = cpuNow();
  return (): Timed => ({ ms: Math.round(performance.now() - wall), cpuMs: Math.round(cpuNow() - cpu) });
};
const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsedMb: Math.round(heapUsed / 1e6), rssMb: Math.round(rss / 1e6) };
};

async function floor(): Promise<Timed & { lines: number }> {
  const done = timer();
  let lines = 0;
  const input = createInterface({ input: createReadStream(file, { highWaterMark: 1 << 20 }), crlfDelay: Infinity });
  for await (const line of input) {
    if (!line) continue;
    JSON.parse(line);
    lines++;
  }
  return { ...done(), lines };
}

const floorTimes = await floor();

/**
 * BENCH_DECODE=1: the read alone, every span decoded and let go (a collector that keeps nothing):
 * what reading an OTLP file costs before any trace is resolved or any row validated.
 */
async function decodeOnly(): Promise<(Timed & { spans: number }) | null> {
  if (process.env.BENCH_DECODE !== '1') return null;
  let spans = 0;
  const dropping = { isEmpty: true, overBudget: false, addSpan: () => void spans++, addAnnotation: () => {}, forgetFile: () => {}, clear: () => {}, resolveRooted: () => { throw new Error('not here'); }, resolve: () => { throw new Error('not here'); } };
  const file1 = nodeInputFile(file);
  const stop = timer();
  await ingestFile({ fileId: 1, fileName: file1.name, stream: file1.stream(), totalBytes: file1.size, seqStart: 0, seenRetrievalIds: new LoadState().seenRetrievalIds, traces: dropping as unknown as TraceCollector, target: { insert: async () => {} } });
  return { ...stop(), spans };
}
const decodeTimes = await decodeOnly();
if (decodeTimes) console.error(`decode only: ${JSON.stringify(decodeTimes)}`);
const engine = await createNodeEngine();
await initDataset(engine);
const state = new LoadState();
// traces resolved while the file is read (trace-collector.ts `resolveRooted`, past its budget of waiting spans)
const early = { calls: 0, ms: 0, cpuMs: 0, events: 0, spans: 0 };
const collector = state.traces as unknown as { resolveRooted?: (fileId: number) => { events: unknown[]; spans: unknown[] } };
if (typeof collector.resolveRooted === 'function') {
  const resolveRooted = collector.resolveRooted.bind(collector);
  collector.resolveRooted = (fileId: number) => {
    const stop = timer();
    const output = resolveRooted(fileId);
    const t = stop();
    early.calls++;
    early.ms += t.ms;
    early.cpuMs += t.cpuMs;
    early.events += output.events.length;
    early.spans += output.spans.length;
    return output;
  };
}
const inserts = { ms: 0, cpuMs: 0, batches: 0, mb: 0, byTable: {} as Record<string, number> };
const insert = async (table: string, ipc: Uint8Array) => {
  const done = timer();
  await engine.insertArrowIPC(table, ipc);
  const t = done();
  inserts.ms += t.ms;
  inserts.cpuMs += t.cpuMs;
  inserts.batches++;
  inserts.mb += ipc.byteLength / 1e6;
  inserts.byTable[table] = (inserts.byTable[table] ?? 0) + t.ms;
};
const heapBefore = heapMb();

// the file, as load-files.ts reads one (one transaction)
await engine.exec('BEGIN TRANSACTION');
const input = nodeInputFile(file);
let done = timer();
const result = await ingestFile({ fileId: state.nextFileId++, fileName: input.name, stream: input.stream(), totalBytes: input.size, seqStart: state.nextSeq, seenRetrievalIds: state.seenRetrievalIds, traces: state.traces, target: { insert } });
const read = done();
const step = (name: string, value: unknown) => console.error(`${name}: ${JSON.stringify(value)}`);
step('read', { ...read, events: result.events, resolvedWhileReading: early, inserts: { ms: Math.round(inserts.ms), cpuMs: Math.round(inserts.cpuMs), batches: inserts.batches } });
const readInserts = { ...inserts, byTable: { ...inserts.byTable } };
state.fileRead(result, null);
await recordFile(engine, result);
await engine.exec('COMMIT');
const heapHeld = heapMb();
step('heap after the read', heapHeld);

// the traces, as load-files.ts `storeTraces` stores them: resolve() timed on its own
let resolveTimes: Timed | null = null;
let storeTimes: Timed | null = null;
let resolved: { events: number; spans: number; rejected: number } | null = null;
if (!state.traces.isEmpty) {
  const collector = state.traces;
  const resolve = collector.resolve.bind(collector);
  collector.resolve = () => {
    const stop = timer();
    const output = resolve();
    resolveTimes = stop();
    resolved = { events: output.events.length, spans: output.spans.length, rejected: output.rejected.length };
    step('resolve', { ...resolveTimes, ...resolved, heap: heapMb() });
    return output;
  };
  Object.assign(inserts, { ms: 0, cpuMs: 0, batches: 0, mb: 0, byTable: {} });
  await engine.exec('BEGIN TRANSACTION');
  done = timer();
  const counts = await storeResolvedTraces(state, { insert });
  storeTimes = done();
  step('store (resolve + accept + insert)', { ...storeTimes, inserts: { ms: Math.round(inserts.ms), cpuMs: Math.round(inserts.cpuMs), batches: inserts.batches } });
  for (const fileCounts of counts) await recordTraceRows(engine, fileCounts);
  await engine.exec('COMMIT');
}
const storeInserts = { ...inserts };

done = timer();
let derived: Timed & { error?: string };
try {
  await finalizeLoad(engine);
  await ensureDerivedTables(engine);
  derived = done();
} catch (error) {
  derived = { ...done(), error: (error as Error).message.split('\n')[0] };
}
step('derived tables', derived);
const storedRow = (await engine.query('SELECT CAST(sum(events) AS DOUBLE) AS n FROM files'))[0];
const stored = Number(Object.values(storedRow)[0]);
await engine.close();

const r = (n: number) => Math.round(n);
// set inside the step callbacks, which TypeScript's narrowing does not follow
const storeTotal = storeTimes as Timed | null;
const resolvedTimes = resolveTimes as Timed | null;
const accept = storeTotal && resolvedTimes ? { ms: storeTotal.ms - resolvedTimes.ms - r(storeInserts.ms), cpuMs: storeTotal.cpuMs - resolvedTimes.cpuMs - r(storeInserts.cpuMs) } : null;
console.log(JSON.stringify({
  file, bytes: input.size, lines: floorTimes.lines, eventsStored: stored, resolved,
  floor: { ms: floorTimes.ms, cpuMs: floorTimes.cpuMs },
  decodeOnly: decodeTimes,
  read: { ...read, resolvedWhileReading: early, inserts: { ms: r(readInserts.ms), cpuMs: r(readInserts.cpuMs), batches: readInserts.batches, mb: r(readInserts.mb), byTable: Object.fromEntries(Object.entries(readInserts.byTable).map(([t, ms]) => [t, r(ms)])) } },
  heap: { beforeMb: heapBefore, afterReadMb: heapHeld },
  resolve: resolveTimes,
  accept,
  storeInserts: storeTimes ? { ms: r(storeInserts.ms), cpuMs: r(storeInserts.cpuMs), batches: storeInserts.batches, mb: r(storeInserts.mb), byTable: Object.fromEntries(Object.entries(storeInserts.byTable).map(([t, ms]) => [t, r(ms)])) } : null,
  storeTotal: storeTimes,
  derivedTables: derived,
  total: { ms: read.ms + (storeTimes?.ms ?? 0) + derived.ms, cpuMs: read.cpuMs + (storeTimes?.cpuMs ?? 0) + derived.cpuMs },
}, null, 2));
