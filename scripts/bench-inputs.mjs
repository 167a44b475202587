// Inputs of the browser bench beyond the generated JSON Lines file (.bench/events-N.jsonl):
//   an OTLP/JSON copy of the same events (one trace document per session, a line each, as a
//   collector's file exporter writes them), which the app's OTLP import maps back to the same
//   events (app/ingest/otlp, README "OpenTelemetry traces");
//   a Parquet copy made by the app's own exporter (`retrieval-inspector export --parquet`);
//   a lineage-graph file: sessions whose lineage graphs have about 200 and 2,000 nodes.
// Each is written once beside the bench's files (names start with "bench-") and remade when the
// source is newer.
//   node scripts/bench-inputs.mjs [FILE]   writes the OTLP and Parquet copies of FILE
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = path.resolve('.bench');
const fresh = (output, source) => existsSync(output) && statSync(output).mtimeMs >= statSync(source).mtimeMs;
const eventsIn = (file) => /events-(\d+)\.jsonl$/.exec(file)?.[1] ?? path.basename(file, '.jsonl');

// ── OTLP ───────────────────────────────────────────────────────────────────────────────────────

/** A JSON value as an OTLP `AnyValue`, as the JS SDK writes it. */
function anyValue(value) {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { intValue: value } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  return { kvlistValue: { values: keyValues(value) } };
}
const keyValues = (object) => Object.entries(object).filter(([, v]) => v !== null && v !== undefined).map(([key, value]) => ({ key, value: anyValue(value) }));
/** An ISO time (or epoch ms) as OTLP nanoseconds, exact to the millisecond. */
const nanos = (ts, plusMs = 0) => `${(typeof ts === 'number' ? ts : Date.parse(ts)) + plusMs}000000`;

/** The span attributes that give a mapped event its session, user, turn, surface and run. */
function commonAttributes(event) {
  const attributes = { 'session.id': event.session_id, 'user.id': event.user_id, 'rag.turn_id': event.turn_id, 'rag.surface': event.surface, 'rag.run_id': event.run_id };
  return Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined));
}

/** A retrieval event → an OpenInference RETRIEVER span (span id = retrieval_id, trace id = request_id). */
function retrieverSpan(event) {
  const attributes = { 'openinference.span.kind': 'RETRIEVER', ...commonAttributes(event) };
  if (event.query !== undefined) attributes['input.value'] = event.query;
  if (event.role !== undefined) attributes['retrieval.role'] = event.role;
  for (const field of ['question_id', 'subquestion_id', 'rewrite_of']) if (event[field] !== undefined) attributes[`rag.${field}`] = event[field];
  (event.returned_asset_ids ?? []).forEach((id, i) => {
    attributes[`retrieval.documents.${i}.document.id`] = id;
    if (event.scores?.[i] !== undefined) attributes[`retrieval.documents.${i}.document.score`] = event.scores[i];
  });
  return {
    traceId: event.request_id ?? event.session_id, spanId: event.retrieval_id, name: 'retrieve', kind: 1,
    startTimeUnixNano: nanos(event.ts), endTimeUnixNano: nanos(event.ts, event.latency_ms ?? 0),
    attributes: keyValues(attributes), events: [], status: { code: 0 },
  };
}

/** A span that only carries `rag.*` span events (a request without retrieval, the labels left over): stored as an unmapped span. */
const carrierSpan = (traceId, spanId, ts, attributes) => ({
  traceId, spanId, name: 'agent', kind: 1, startTimeUnixNano: nanos(ts), endTimeUnixNano: nanos(ts),
  attributes: keyValues({ 'openinference.span.kind': 'AGENT', ...attributes }), events: [], status: { code: 0 },
});

/** Any other event → a span event `rag.<type>` whose attributes are the event's fields (ts as the event's time). */
function appEvent(event) {
  const { type, ts, ...fields } = event;
  return { name: `rag.${type}`, timeUnixNano: nanos(ts), attributes: keyValues(fields) };
}

const traceDocument = (spans) => ({ resourceSpans: [{ resource: { attributes: keyValues({ 'service.name': 'bench' }) }, scopeSpans: [{ scope: { name: 'bench-inputs' }, spans }] }] });

/**
 * One session's events → its spans: a RETRIEVER span per retrieval, the other events as span
 * events on their request's first retrieval span (or on a carrier span when the request has
 * none), a label on its retrieval's span when that is in the session.
 */
function sessionSpans(events, leftoverLabels, counts) {
  const spans = [];
  const byRetrieval = new Map();
  const requests = new Map(); // request id → { carrier span, events waiting for one }
  const request = (event) => {
    const id = event.request_id ?? event.session_id;
    if (!requests.has(id)) requests.set(id, { span: null, waiting: [], first: event });
    return requests.get(id);
  };
  for (const event of events) {
    if (event.type === 'retrieval') {
      const span = retrieverSpan(event);
      spans.push(span);
      byRetrieval.set(event.retrieval_id, span);
      const entry = request(event);
      if (!entry.span) {
        entry.span = span;
        span.events.push(...entry.waiting);
        entry.waiting = [];
      }
    } else if (event.type === 'label') {
      const span = byRetrieval.get(event.retrieval_id);
      if (span) span.events.push(appEvent(event));
      else leftoverLabels.push(event);
    } else {
      const entry = request(event);
      if (entry.span) entry.span.events.push(appEvent(event));
      else entry.waiting.push(appEvent(event));
    }
  }
  for (const [id, entry] of requests) {
    if (entry.span || entry.waiting.length === 0) continue;
    const span = carrierSpan(id, `agent-${id}`, entry.first.ts, commonAttributes(entry.first));
    span.events = entry.waiting;
    spans.push(span);
    counts.carrierSpans++;
  }
  return spans;
}

/**
 * `.bench/bench-otlp-N.jsonl`: the events of `file` as OTLP/JSON trace documents, one session a
 * line. Every event comes back from the import (retrievals with event_id `span:<retrieval_id>`
 * and without `retriever`, which OTLP has no attribute for); requests without a retrieval add an
 * unmapped AGENT span each. Returns { file, events, documents, carrierSpans }.
 */
export async function otlpCopy(file) {
  const output = path.join(BENCH_DIR, `bench-otlp-${eventsIn(file)}.jsonl`);
  const countsFile = `${output}.counts.json`;
  if (fresh(output, file) && fresh(countsFile, file)) return { file: output, ...JSON.parse(readFileSync(countsFile, 'utf8')) };
  const partial = `${output}.partial`;
  const out = createWriteStream(partial);
  const write = (text) => (out.write(text) ? null : new Promise((resolve) => out.once('drain', resolve)));
  const counts = { events: 0, documents: 0, carrierSpans: 0 };
  const leftoverLabels = [];
  let session = null;
  let events = [];
  const flush = async () => {
    if (events.length === 0) return;
    await write(`${JSON.stringify(traceDocument(sessionSpans(events, leftoverLabels, counts)))}\n`);
    counts.documents++;
    events = [];
  };
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    const event = JSON.parse(line);
    counts.events++;
    if (event.type !== 'label' && event.session_id !== session) {
      await flush();
      session = event.session_id;
    }
    events.push(event);
  }
  await flush();
  for (let i = 0; i < leftoverLabels.length; i += 1000) {
    const labels = leftoverLabels.slice(i, i + 1000);
    const span = carrierSpan(`bench-labels-${i}`, `bench-labels-${i}`, labels[0].ts, {});
    span.events = labels.map(appEvent);
    counts.carrierSpans++;
    await write(`${JSON.stringify(traceDocument([span]))}\n`);
    counts.documents++;
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  renameSync(partial, output);
  writeFileSync(countsFile, JSON.stringify(counts));
  return { file: output, ...counts };
}

// ── Parquet ────────────────────────────────────────────────────────────────────────────────────

/** `.bench/bench-parquet-N/events.parquet`, written by the app's own exporter from `file`. */
export function parquetCopy(file) {
  const dir = path.join(BENCH_DIR, `bench-parquet-${eventsIn(file)}`);
  const output = path.join(dir, 'events.parquet');
  if (fresh(output, file)) return { file: output, ms: null, command: null };
  // written beside, then renamed: a cut-short export never passes for a finished one
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const args = ['bin/retrieval-inspector.mjs', 'export', '--parquet', partial, file];
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--max-old-space-size=8192', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`export --parquet failed: ${(run.stderr || run.stdout).slice(0, 500)}`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return { file: output, ms: performance.now() - started, command: `node ${args.join(' ')}` };
}

// ── Lineage graph ──────────────────────────────────────────────────────────────────────────────

/**
 * The events of one session of `turns` turns: each a prompt, a retrieval returning 4 assets, the
 * user selecting the first and the agent using the second. Its graph has 6 nodes a turn
 * (the retrieval, 2 asset nodes, "+2 not used", 2 actions; e2e/lineage-graph.spec.ts).
 */
function lineageSession(sessionId, turns) {
  const lines = [];
  const start = Date.parse('2026-09-01T10:00:00Z');
  let second = 0;
  const ts = () => new Date(start + 1000 * second++).toISOString();
  for (let i = 1; i <= turns; i++) {
    const turn = { session_id: sessionId, user_id: `u-${sessionId}`, surface: 'editor', turn_id: `${sessionId}-t${i}`, request_id: `${sessionId}-q${i}` };
    const assets = [1, 2, 3, 4].map((j) => `${sessionId}-a${i}-${j}`);
    const retrieval = `${sessionId}-r${i}`;
    lines.push({ type: 'prompt', event_id: `${sessionId}-p${i}`, ts: ts(), ...turn, text: `find poster template ${i}` });
    lines.push({ type: 'retrieval', event_id: `${sessionId}-er${i}`, ts: ts(), ...turn, retrieval_id: retrieval, query: `poster template ${i}`, role: 'find', returned_asset_ids: assets, scores: [0.9, 0.8, 0.7, 0.6] });
    lines.push({ type: 'action', event_id: `${sessionId}-es${i}`, ts: ts(), ...turn, actor: 'user', action: 'select', consumed_asset_id: assets[0], source_retrieval_id: retrieval });
    lines.push({ type: 'action', event_id: `${sessionId}-eu${i}`, ts: ts(), ...turn, actor: 'agent', action: 'use', consumed_asset_id: assets[1], source_retrieval_id: retrieval });
  }
  return lines;
}

export const NODES_PER_TURN = 6;

/** `.bench/bench-lineage.jsonl`: one session per wanted node count, `lineage-<nodes>`. Returns { file, sessions: [{ id, nodes }] }. */
export function lineageFile(nodeCounts = [200, 2000]) {
  mkdirSync(BENCH_DIR, { recursive: true });
  const sessions = nodeCounts.map((nodes) => ({ id: `lineage-${nodes}`, turns: Math.round(nodes / NODES_PER_TURN) }));
  const lines = sessions.flatMap(({ id, turns }) => lineageSession(id, turns));
  const file = path.join(BENCH_DIR, 'bench-lineage.jsonl');
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return { file, events: lines.length, sessions: sessions.map(({ id, turns }) => ({ id, nodes: turns * NODES_PER_TURN })) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = path.resolve(process.argv[2] ?? '.bench/events-100000.jsonl');
  console.log(await otlpCopy(file));
  console.log(parquetCopy(file));
  console.log(lineageFile());
}
