// Inputs of the browser bench beyond the generated JSON Lines file (.bench/events-N.jsonl):
//   an OTLP/JSON copy of the same events (one trace document per session, a line each, as a
//   collector's file exporter writes them), which the app's OTLP import maps back to the same
//   events (app/ingest/otlp, README "OpenTelemetry traces");
//   a Parquet copy made by the app's own exporter (`retrieval-inspector export --parquet`);
//   a lineage-graph file: sessions whose lineage graphs have about 200 and 2,000 nodes.
// Each is written once beside the bench's files (names start with "bench-") and remade when the
// source is newer.
//   node scripts/bench-inputs.mjs [FILE]   writes the OTLP and Parquet copies of FILE
//   BENCH_SPANS=N node scripts/bench-inputs.mjs --traces   writes a LlamaIndex-shaped OTLP file of N
//                                        spans and the same turns as log events (below)
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

// ── OTLP traces from instrumentation (LlamaIndex) ─────────────────────────────────────────────
//
// A realistic collector file of N spans, shaped like app/ingest/otlp/fixtures/llama-index-bm25
// (what openinference-instrumentation-llama-index writes for a RetrieverQueryEngine over a
// BM25Retriever), and beside it the same turns as the log events the import must make of them
// (docs/log-format.md "Traces from real instrumentation"). Per turn, one trace of 5 spans:
//   RetrieverQueryEngine.query (CHAIN, root: input.value = the question, output.value = the answer)
//   ├ BM25Retriever.retrieve (RETRIEVER: input.value = the query, 5 retrieval.documents with id,
//   │ │                      content, score and metadata as a JSON string)
//   │ └ BM25Retriever._retrieve (RETRIEVER, input.value = the query bundle as JSON, no documents)
//   └ CompactAndRefine.synthesize (CHAIN)
//     └ OpenAI.chat (LLM: llm.input_messages = the system prompt and the context of the 2–5
//                    documents the similarity cutoff kept, token counts, output messages)
// session.id and user.id on every span. Sessions of 1–6 turns overlap in time; each line is one
// export of a BatchSpanProcessor (every 5 s, at most 512 spans): spans in the order they ended,
// children before parents, several traces a line, a trace often split over two lines.
// The events: prompt, retrieval, 5 assets, one derived `use` action per document in the model's
// context, response (cited_asset_ids: the titles the answer quotes), with the event ids the
// import gives them (`span:<id>`, `span:<root>:prompt`, `span:<llm>:use:<n>`); assets carry none,
// as from the import.
//   BENCH_SPANS=2000 node scripts/bench-inputs.mjs --traces   writes the pair for 2,000 spans

export const TRACE_SPANS_PER_TURN = 5;
const TRACE_SEED = 20260309;
const TRACE_START_MS = Date.parse('2026-03-09T08:00:00Z');
const EXPORT_EVERY_MS = 5000; // OTEL_BSP_SCHEDULE_DELAY's default
const EXPORT_MAX_SPANS = 512; // OTEL_BSP_MAX_EXPORT_BATCH_SIZE's default
const CORPUS_SIZE = 4000;
const TOP_K = 5;

/** mulberry32: a small deterministic PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (random, lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (random, list) => list[Math.floor(random() * list.length)];
const hex = (random, digits) => {
  let out = '';
  while (out.length < digits) out += Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0');
  return out.slice(0, digits);
};
const uuid = (random) => {
  const h = hex(random, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[Math.floor(random() * 4)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Python's json.dumps spacing (", ", ": "), as the instrumentor writes JSON-string attributes. */
function pyJson(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pyJson(v)}`).join(', ')}}`;
  return JSON.stringify(value);
}

const TOPICS = ['Returns', 'Refunds', 'Exchanges', 'Shipping', 'Delivery Address', 'Gift Cards', 'Warranty', 'Billing', 'Invoices', 'Subscriptions', 'Account Security', 'Passwords', 'Two-Factor Login', 'Order Tracking', 'Store Pickup', 'Price Matching', 'Coupons', 'Loyalty Points', 'Damaged Items', 'Missing Parcels', 'International Orders', 'Customs Fees', 'Payment Methods', 'Installments', 'Business Accounts', 'Data Export', 'Privacy Requests', 'Product Recalls', 'Repairs', 'Trade-In'];
const ASPECTS = ['Policy', 'Overview', 'Step by Step', 'Common Questions', 'Exceptions', 'Time Limits', 'Fees', 'Troubleshooting', 'For Business Customers', 'Outside the EU'];
const KINDS = ['policy', 'how-to', 'faq', 'reference', 'troubleshooting'];
const SUBJECTS = ['Most items', 'Orders placed online', 'Items bought in store', 'Final-sale items', 'Opened software', 'Gift cards', 'Large appliances', 'Marketplace orders', 'Refurbished devices', 'Subscription plans', 'Business orders', 'Pre-orders'];
const VERBS = ['can be returned', 'are refunded', 'can be exchanged', 'ship', 'are covered', 'can be cancelled', 'are billed', 'can be picked up', 'are repaired', 'can be tracked'];
const LIMITS = ['within 14 days', 'within 30 days of delivery', 'within 60 days', 'for up to 2 years', 'within 5–7 business days', 'before the order ships', 'after the item reaches our warehouse', 'once the carrier confirms delivery', 'within 48 hours', 'by the end of the billing period'];
const CONDITIONS = ['as long as they are unused and in their original packaging', 'if you keep the order number', 'unless the item was damaged by misuse', 'when you start the request from your account', 'provided the serial number matches the order', 'if the payment method is still valid', 'except for personalised items', 'when the parcel is marked as delivered', 'after a technician has checked the device', 'while the promotion is running'];
const DETAILS = ['Open Orders, select the order and choose the option you need.', 'A label fee of $6.95 is deducted unless the item is defective.', 'Store credit is offered when no receipt is available.', 'The refund goes to the original payment method.', 'Contact the carrier with your tracking number to request a redirect.', 'Business customers can ask their account manager instead.', 'We email a confirmation once the request is approved.', 'Some regions add customs fees that are not refundable.', 'You can check the status at any time under Account, Requests.', 'Partial refunds are possible for bundles.', 'The warehouse inspects every returned device before approval.', 'Points expire 12 months after they were earned.'];
const QUESTION_STARTS = ['How long do I have to', 'Can I', 'What happens if I', 'Is it possible to', 'Do I need a receipt to', 'How do I', 'Why can\'t I', 'Where can I'];
const QUESTION_ACTS = ['return', 'exchange', 'cancel', 'track', 'get a refund for', 'change the address of', 'pay in installments for', 'use a coupon on', 'get a repair for', 'trade in'];
const QUESTION_OBJECTS = ['my order', 'an opened item', 'a gift', 'a marketplace order', 'a pre-order', 'a damaged parcel', 'a subscription', 'a business order', 'a refurbished phone', 'something I bought in store', 'an international order', 'a large appliance'];
const ANSWER_STARTS = ['Yes.', 'No.', 'You can do that from your account.', 'That depends on the item.', 'In most cases, yes.', 'Not directly.'];

const SYSTEM_PROMPT = "You are an expert Q&A system that is trusted around the world.\nAlways answer the query using the provided context information, and not prior knowledge.\nSome rules to follow:\n1. Never directly reference the given context in your answer.\n2. Avoid statements like 'Based on the context, ...' or 'The context information ...' or anything along those lines.";
const INVOCATION = '{"context_window":128000,"num_output":-1,"is_chat_model":true,"is_function_calling_model":true,"model_name":"gpt-4o-mini","system_role":"system"}';
const RESOURCE = keyValues({ 'telemetry.sdk.language': 'python', 'telemetry.sdk.name': 'opentelemetry', 'telemetry.sdk.version': '1.36.0', 'service.name': 'acme-help-center', 'openinference.project.name': 'help-center-rag' });
const SCOPE = { name: 'openinference.instrumentation.llama_index', version: '4.4.5' };

/** The knowledge base: CORPUS_SIZE chunks, each with a unique title (its KB number, fixed width) and content. */
function traceCorpus() {
  const random = prng(TRACE_SEED);
  const documents = [];
  for (let i = 0; i < CORPUS_SIZE; i++) {
    const topic = pick(random, TOPICS);
    const title = `${topic}: ${pick(random, ASPECTS)} (KB-${String(i).padStart(4, '0')})`;
    // the article number first: a chunk's first 64 characters (what consumption compares) are its own
    const sentences = [`Article ${i}, revision ${between(random, 1, 9)}: ${pick(random, SUBJECTS).toLowerCase()} ${pick(random, VERBS)} ${pick(random, LIMITS)} ${pick(random, CONDITIONS)}.`];
    for (let s = between(random, 1, 3); s > 0; s--) sentences.push(random() < 0.5 ? pick(random, DETAILS) : `${pick(random, SUBJECTS)} ${pick(random, VERBS)} ${pick(random, LIMITS)}.`);
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    documents.push({ id: uuid(random), title, kind: pick(random, KINDS), fileName: `${slug}.md`, content: sentences.join(' ') });
  }
  return documents;
}

/** The times of one turn, relative to its start (drawn first from the turn's own PRNG, so planning and writing agree). */
function turnTimes(random) {
  const retrieveAt = between(random, 1, 3);
  const retrieveMs = between(random, 12, 45);
  const synthesizeAt = retrieveAt + retrieveMs + between(random, 2, 6);
  const chatMs = between(random, 500, 3500);
  const chatAt = synthesizeAt + 2;
  const synthesizeEnd = chatAt + chatMs + 2;
  return { retrieveAt, retrieveEnd: retrieveAt + retrieveMs, synthesizeAt, chatAt, chatEnd: chatAt + chatMs, synthesizeEnd, end: synthesizeEnd + 1 };
}

/** Sessions of 1–6 turns, arriving about every 0.25 s (≈ 70 spans a second), turns 5–90 s apart: every turn's start. */
function planTurns(turnCount) {
  const random = prng(TRACE_SEED + 1);
  const turns = [];
  let sessionStart = TRACE_START_MS;
  for (let session = 0; turns.length < turnCount; session++) {
    sessionStart += Math.round(-Math.log(1 - random()) * 250);
    const sessionId = `chat-20260309-${(Math.imul(session + 1, 0x9e3779b1) >>> 0).toString(16).padStart(8, '0')}`;
    const userId = `u-${between(random, 10000, 59999)}`;
    let at = sessionStart;
    for (let k = Math.min(between(random, 1, 6), turnCount - turns.length); k > 0; k--) {
      const seed = (TRACE_SEED * 31 + turns.length * 2654435761) >>> 0;
      turns.push({ sessionId, userId, start: at, seed });
      at += turnTimes(prng(seed)).end + between(random, 5000, 90000);
    }
  }
  return turns.sort((a, b) => a.start - b.start);
}

const stringAttr = (key, value) => ({ key, value: { stringValue: value } });
const intAttr = (key, value) => ({ key, value: { intValue: String(value) } });

/** One turn → its 5 spans (with their end times) and its log events. */
function traceTurn(turn, corpus) {
  const random = prng(turn.seed);
  const t = turnTimes(random);
  const traceId = hex(random, 32);
  const [rootId, retrieveId, innerId, synthesizeId, chatId] = [0, 1, 2, 3, 4].map(() => hex(random, 16));
  const ms = (offset) => turn.start + offset;
  const context = [stringAttr('session.id', turn.sessionId), stringAttr('user.id', turn.userId)];
  const question = `${pick(random, QUESTION_STARTS)} ${pick(random, QUESTION_ACTS)} ${pick(random, QUESTION_OBJECTS)}${random() < 0.3 ? ` (order ${between(random, 100000, 999999)})` : ''}?`;

  // 5 distinct documents, popular ones more often; BM25 scores falling
  const documents = [];
  while (documents.length < TOP_K) {
    const document = corpus[Math.floor(CORPUS_SIZE * random() ** 2)];
    if (!documents.includes(document)) documents.push(document);
  }
  const scores = [];
  let score = 4 + random() * 6;
  for (let i = 0; i < TOP_K; i++) {
    scores.push(Math.round(score * 10000) / 10000);
    score *= 0.35 + random() * 0.55;
  }
  const kept = between(random, 2, TOP_K); // the similarity cutoff keeps the first `kept`
  const used = documents.slice(0, kept);
  const cites = random() < 0.3 ? used[between(random, 0, kept - 1)] : null;
  const answer = `${pick(random, ANSWER_STARTS)} ${used[0].content.split(': ')[1].split('. ')[0].replace(/\.$/, '')}.${kept > 2 ? ` ${pick(random, DETAILS)}` : ''}${cites ? ` See "${cites.title}" for the details.` : ''}`;

  const nodeReprs = pyJson(documents.map((d, i) => `<NodeWithScore(node=TextNode(id_=${d.id}), score=${scores[i]})>`));
  const queryBundle = pyJson({ query_bundle: { query_str: question, image_path: null, custom_embedding_strs: null, embedding: null } });
  const contextText = used.map((d) => `title: ${d.title}\nkind: ${d.kind}\n\n${d.content}`).join('\n\n');
  const userMessage = `Context information is below.\n---------------------\n${contextText}\n---------------------\nGiven the context information and not prior knowledge, answer the query.\nQuery: ${question}\nAnswer: `;
  const messagesJson = pyJson({ messages: [SYSTEM_PROMPT, userMessage].map((text, i) => ({ role: i === 0 ? 'system' : 'user', additional_kwargs: {}, blocks: [{ block_type: 'text', text }] })) });
  const promptTokens = Math.round((SYSTEM_PROMPT.length + userMessage.length) / 4);
  const completionTokens = Math.round(answer.length / 4);

  const span = (spanId, parentSpanId, name, start, end, attributes) => ({
    end: ms(end),
    span: {
      traceId, spanId, ...(parentSpanId ? { parentSpanId } : {}), flags: 256, name, kind: 1,
      startTimeUnixNano: `${ms(start)}000000`, endTimeUnixNano: `${ms(end)}000000`, attributes, status: { code: 1 },
    },
  });
  const spans = [
    span(innerId, retrieveId, 'BM25Retriever._retrieve', t.retrieveAt + 1, t.retrieveEnd - 1, [
      ...context, stringAttr('input.value', queryBundle), stringAttr('input.mime_type', 'application/json'),
      stringAttr('output.value', nodeReprs), stringAttr('output.mime_type', 'application/json'), stringAttr('openinference.span.kind', 'RETRIEVER'),
    ]),
    span(retrieveId, rootId, 'BM25Retriever.retrieve', t.retrieveAt, t.retrieveEnd, [
      ...context, stringAttr('input.value', question),
      ...documents.flatMap((d, i) => [
        stringAttr(`retrieval.documents.${i}.document.id`, d.id),
        stringAttr(`retrieval.documents.${i}.document.content`, d.content),
        { key: `retrieval.documents.${i}.document.score`, value: { doubleValue: scores[i] } },
        stringAttr(`retrieval.documents.${i}.document.metadata`, pyJson({ file_name: d.fileName, title: d.title, kind: d.kind })),
      ]),
      stringAttr('output.value', nodeReprs), stringAttr('output.mime_type', 'application/json'), stringAttr('openinference.span.kind', 'RETRIEVER'),
    ]),
    span(chatId, synthesizeId, 'OpenAI.chat', t.chatAt, t.chatEnd, [
      ...context, stringAttr('llm.model_name', 'gpt-4o-mini'), stringAttr('llm.invocation_parameters', INVOCATION), stringAttr('llm.provider', 'openai'), stringAttr('llm.system', 'openai'),
      stringAttr('input.value', messagesJson), stringAttr('input.mime_type', 'application/json'),
      stringAttr('llm.input_messages.0.message.role', 'system'), stringAttr('llm.input_messages.0.message.content', SYSTEM_PROMPT),
      stringAttr('llm.input_messages.1.message.role', 'user'), stringAttr('llm.input_messages.1.message.content', userMessage),
      stringAttr('output.value', `assistant: ${answer}`),
      intAttr('llm.token_count.prompt', promptTokens), intAttr('llm.token_count.prompt_details.cache_read', 0), intAttr('llm.token_count.prompt_details.audio', 0),
      intAttr('llm.token_count.completion', completionTokens), intAttr('llm.token_count.completion_details.reasoning', 0), intAttr('llm.token_count.completion_details.audio', 0),
      intAttr('llm.token_count.total', promptTokens + completionTokens),
      stringAttr('llm.output_messages.0.message.role', 'assistant'), stringAttr('llm.output_messages.0.message.content', answer),
      stringAttr('openinference.span.kind', 'LLM'),
    ]),
    span(synthesizeId, rootId, 'CompactAndRefine.synthesize', t.synthesizeAt, t.synthesizeEnd, [
      ...context, stringAttr('input.value', question), stringAttr('output.value', answer), stringAttr('openinference.span.kind', 'CHAIN'),
    ]),
    span(rootId, null, 'RetrieverQueryEngine.query', 0, t.end, [
      ...context, stringAttr('input.value', question), stringAttr('output.value', answer), stringAttr('openinference.span.kind', 'CHAIN'),
    ]),
  ];

  const common = { session_id: turn.sessionId, request_id: traceId, turn_id: traceId, user_id: turn.userId };
  const events = [
    { type: 'prompt', event_id: `span:${rootId}:prompt`, ts: ms(0), ...common, text: question },
    {
      type: 'retrieval', event_id: `span:${retrieveId}`, ts: ms(t.retrieveAt), retrieval_id: retrieveId, ...common, query: question,
      returned_asset_ids: documents.map((d) => d.id), scores, retriever: 'BM25Retriever', latency_ms: t.retrieveEnd - t.retrieveAt,
    },
    ...documents.map((d) => ({ type: 'asset', asset_id: d.id, text: d.content, title: d.title, kind: d.kind })),
    ...used.map((d, n) => ({
      type: 'action', event_id: `span:${chatId}:use:${n}`, ts: ms(t.chatAt), ...common, actor: 'agent', action: 'use',
      consumed_asset_id: d.id, source_retrieval_id: retrieveId, derived: 'context-match',
    })),
    { type: 'response', event_id: `span:${rootId}:response`, ts: ms(t.end), ...common, text: answer, cited_asset_ids: cites ? [cites.id] : [] },
  ];
  return { spans, events };
}

/**
 * `.bench/bench-traces-N.otlp.jsonl` (N spans, a multiple of 5) and `.bench/bench-traces-N.events.jsonl`
 * (the same turns as log events), remade when this script is newer. Returns
 * { otlp: { file, bytes, lines, spans }, events: { file, bytes, events, countsByType }, turns, sessions }.
 */
export async function tracesPair(spans = Number(process.env.BENCH_SPANS ?? 1_000_000)) {
  mkdirSync(BENCH_DIR, { recursive: true });
  const turnCount = Math.floor(spans / TRACE_SPANS_PER_TURN);
  const base = path.join(BENCH_DIR, `bench-traces-${turnCount * TRACE_SPANS_PER_TURN}`);
  const otlpFile = `${base}.otlp.jsonl`;
  const eventsFile = `${base}.events.jsonl`;
  const countsFile = `${base}.counts.json`;
  const self = fileURLToPath(import.meta.url);
  if ([otlpFile, eventsFile, countsFile].every((file) => fresh(file, self))) return JSON.parse(readFileSync(countsFile, 'utf8'));

  const corpus = traceCorpus();
  const turns = planTurns(turnCount);
  const writer = (file) => {
    const out = createWriteStream(`${file}.partial`);
    return {
      write: (text) => (out.write(text) ? null : new Promise((resolve) => out.once('drain', resolve))),
      end: () => new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve()))).then(() => renameSync(`${file}.partial`, file)),
    };
  };
  const otlpOut = writer(otlpFile);
  const eventsOut = writer(eventsFile);
  const counts = { otlp: { file: otlpFile, lines: 0, spans: 0 }, events: { file: eventsFile, events: 0, countsByType: {} }, turns: turnCount, sessions: new Set(turns.map((turn) => turn.sessionId)).size };

  // A BatchSpanProcessor: a span is queued when it ends; every EXPORT_EVERY_MS the queue goes out
  // in lines of at most EXPORT_MAX_SPANS, in the order the spans ended.
  let queue = [];
  let nextExport = TRACE_START_MS + EXPORT_EVERY_MS;
  const exportUpTo = async (until) => {
    const due = queue.filter((entry) => entry.end <= until).sort((a, b) => a.end - b.end || a.order - b.order);
    queue = queue.filter((entry) => entry.end > until);
    for (let i = 0; i < due.length; i += EXPORT_MAX_SPANS) {
      const spansOfLine = due.slice(i, i + EXPORT_MAX_SPANS).map((entry) => entry.span);
      await otlpOut.write(`${JSON.stringify({ resourceSpans: [{ resource: { attributes: RESOURCE }, scopeSpans: [{ scope: SCOPE, spans: spansOfLine }] }] })}\n`);
      counts.otlp.lines++;
      counts.otlp.spans += spansOfLine.length;
    }
  };
  let order = 0;
  for (const turn of turns) {
    // every span of an earlier turn that ended by an export before this turn started is final
    while (turn.start >= nextExport) {
      await exportUpTo(nextExport);
      nextExport += EXPORT_EVERY_MS;
    }
    const { spans: turnSpans, events } = traceTurn(turn, corpus);
    for (const entry of turnSpans) queue.push({ ...entry, order: order++ });
    let text = '';
    for (const event of events) {
      text += `${JSON.stringify(event)}\n`;
      counts.events.events++;
      counts.events.countsByType[event.type] = (counts.events.countsByType[event.type] ?? 0) + 1;
    }
    await eventsOut.write(text);
  }
  await exportUpTo(Infinity);
  await otlpOut.end();
  await eventsOut.end();
  counts.otlp.bytes = statSync(otlpFile).size;
  counts.events.bytes = statSync(eventsFile).size;
  writeFileSync(countsFile, JSON.stringify(counts, null, 2));
  return counts;
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

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--traces') {
  console.log(await tracesPair());
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = path.resolve(process.argv[2] ?? '.bench/events-100000.jsonl');
  console.log(await otlpCopy(file));
  console.log(parquetCopy(file));
  console.log(lineageFile());
}

/**
 * The events with `stages` on every retrieval that returned something (the what-if part): a BM25
 * list (the returned list reversed, scores n … 1), a vector list (rotated by one, scores 0.99
 * down), and the rerank stage that made the returned list. Ids, labels and everything else as
 * in `file`; made once per source file.
 */
export async function stagesCopy(file) {
  const output = path.join(BENCH_DIR, `bench-stages-${eventsIn(file)}.jsonl`);
  if (fresh(output, file)) return output;
  const partial = `${output}.partial`;
  const out = createWriteStream(partial);
  const write = (text) => (out.write(text) ? null : new Promise((resolve) => out.once('drain', resolve)));
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    const event = JSON.parse(line);
    const returned = event.type === 'retrieval' ? (event.returned_asset_ids ?? []) : [];
    if (returned.length > 0) {
      const n = returned.length;
      event.stages = [
        { name: 'bm25', kind: 'retriever', asset_ids: [...returned].reverse(), scores: returned.map((_, i) => n - i) },
        { name: 'vector', kind: 'retriever', asset_ids: [...returned.slice(1), returned[0]], scores: returned.map((_, i) => 0.99 - i * 0.01) },
        { name: 'rerank', kind: 'rerank', asset_ids: returned },
      ];
    }
    const pending = write(`${JSON.stringify(event)}\n`);
    if (pending) await pending;
  }
  await new Promise((resolve) => out.end(resolve));
  renameSync(partial, output);
  return output;
}
