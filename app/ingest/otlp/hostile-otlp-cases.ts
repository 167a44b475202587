/**
 * Test-only: hostile OTLP JSON Lines files (issue 25), written as text so that values nested
 * 100,000 deep never pass through JSON.stringify. Each case says what a load must make of it:
 * the spans kept, and each rejected row by line, place and words. Read by
 * hostile-otlp.test.ts (Node, the real engine) and e2e/otlp-hostile.spec.ts (the browser).
 */
import { END_NANO, START_NANO, TRACE_ID } from './otlp-test-builders';

export interface HostileCase {
  name: string;
  text: string;
  /** OTLP spans the file holds, all lines together (kept + rejected must come to this). */
  spans: number;
  /** Spans stored for the timeline (no event covers them). */
  keptSpans: number;
  events: number;
  /** [line, message] of each rejected row, in file order; the message names the place. */
  rejected: [number, string][];
}

const SPAN = (n: number) => `1${n.toString(16).padStart(15, '0')}`;

/** One span as JSON text; `attributes` is the text of its KeyValue list. */
export function spanText(spanId: string, fields: { parent?: string; name?: string; attributes?: string; traceId?: string } = {}): string {
  const parent = fields.parent === undefined ? '' : `,"parentSpanId":${JSON.stringify(fields.parent)}`;
  return `{"traceId":${JSON.stringify(fields.traceId ?? TRACE_ID)},"spanId":${JSON.stringify(spanId)}${parent},"name":${JSON.stringify(fields.name ?? 'step')},"kind":1,`
    + `"startTimeUnixNano":"${START_NANO}","endTimeUnixNano":"${END_NANO}","attributes":${fields.attributes ?? '[]'}}`;
}

export const documentText = (spans: string[], resources = 1): string =>
  `{"resourceSpans":[${Array.from({ length: resources }, (_, r) => `{"resource":{"attributes":[]},"scopeSpans":[{"scope":{"name":"hostile"},"spans":[${r === 0 ? spans.join(',') : ''}]}]}`).join(',')}]}`;

const kv = (key: string, valueText: string) => `{"key":${JSON.stringify(key)},"value":${valueText}}`;
const deepKvlist = (depth: number) => `${'{"kvlistValue":{"values":[{"key":"k","value":'.repeat(depth)}{"stringValue":"x"}${'}]}}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'{"arrayValue":{"values":['.repeat(depth)}{"stringValue":"x"}${']}}'.repeat(depth)}`;
const place = (i: number, r = 0) => `resourceSpans[${r}].scopeSpans[0].spans[${i}]`;

/** A RETRIEVER span recording `count` documents (id and score each), flattened as OpenInference writes them. */
export function manyDocumentsAttributes(count: number): string {
  const parts = [kv('openinference.span.kind', '{"stringValue":"RETRIEVER"}'), kv('input.value', '{"stringValue":"refunds"}')];
  for (let i = 0; i < count; i++) {
    parts.push(kv(`retrieval.documents.${i}.document.id`, `{"stringValue":"doc-${i}"}`), kv(`retrieval.documents.${i}.document.score`, `{"doubleValue":${(1 - i / count).toFixed(6)}}`));
  }
  return `[${parts.join(',')}]`;
}

const manyAttributes = (count: number) => `[${Array.from({ length: count }, (_, i) => kv(`a${i}`, `{"intValue":"${i}"}`)).join(',')}]`;

/** The cases picked in the browser: small enough for a busy machine. */
export const HOSTILE_CASES: HostileCase[] = [
  {
    name: 'resource-spans-not-a-list.otlp.jsonl',
    text: '{"resourceSpans":{"scopeSpans":[]}}\n{"resourceSpans":"spans"}\n',
    spans: 0, keptSpans: 0, events: 0,
    rejected: [[1, 'resourceSpans: must be a list of resource spans, not an object'], [2, 'resourceSpans: must be a list of resource spans, not a string']],
  },
  {
    name: 'deep-attributes.otlp.jsonl',
    text: `${documentText([spanText(SPAN(1), { attributes: `[${kv('deep', deepKvlist(100_000))}]` }), spanText(SPAN(2))])}\n`
      + `${documentText([spanText(SPAN(3)), spanText(SPAN(4), { attributes: `[${kv('list', deepArray(100_000))}]` }), spanText(SPAN(5), { attributes: `[${kv('ok', deepArray(99))}]` })])}\n`,
    spans: 5, keptSpans: 3, events: 0,
    rejected: [
      [1, `${place(0)}: the span's attribute "deep" is nested more than 100 levels deep`],
      [2, `${place(1)}: the span's attribute "list" is nested more than 100 levels deep`],
    ],
  },
  {
    name: 'ids-that-are-not-ids.otlp.jsonl',
    text: `${documentText([
      spanText('zz19b7ec3c1b174z'),
      spanText(SPAN(6), { traceId: 'trace-1' }),
      spanText(SPAN(7), { parent: 'not-a-parent' }),
      spanText(SPAN(8)),
    ])}\n`,
    spans: 4, keptSpans: 1, events: 0,
    rejected: [
      [1, `${place(0)}: "spanId" is not a span id (16 hex digits, 8 bytes): zz19b7ec3c1b174z`],
      [1, `${place(1)}: "traceId" is not a trace id (32 hex digits, 16 bytes): trace-1`],
      [1, `${place(2)}: "parentSpanId" is not a span id (16 hex digits, 8 bytes): not-a-parent`],
    ],
  },
  {
    name: 'duplicate-span-ids.otlp.jsonl',
    text: `${documentText([spanText(SPAN(9), { name: 'first' }), spanText(SPAN(10))])}\n${documentText([spanText(SPAN(9), { name: 'second' })])}\n`,
    spans: 3, keptSpans: 2, events: 0,
    rejected: [[2, `${place(0)}: span ${SPAN(9)} appears again in trace ${TRACE_ID}: only its first copy is mapped`]],
  },
  {
    // a → b → c → a, and d below b; the retriever in the cycle is still one retrieval
    name: 'parent-cycle.otlp.jsonl',
    text: `${documentText([
      spanText(SPAN(11), { parent: SPAN(13), name: 'a' }),
      spanText(SPAN(12), { parent: SPAN(11), name: 'b', attributes: `[${kv('openinference.span.kind', '{"stringValue":"RETRIEVER"}')},${kv('retrieval.documents.0.document.id', '{"stringValue":"kb-1"}')}]` }),
      spanText(SPAN(13), { parent: SPAN(12), name: 'c' }),
      spanText(SPAN(14), { parent: SPAN(12), name: 'd' }),
    ])}\n`,
    // the retrieval covers its span (its document has no content: no asset)
    spans: 4, keptSpans: 3, events: 1,
    rejected: [],
  },
  {
    name: 'lone-surrogates.otlp.jsonl',
    text: `${documentText([spanText(SPAN(15), { name: 'tool \ud800 call', attributes: `[${kv('note\udc00', '{"stringValue":"half \\udbff"}')}]` })])}\n`,
    spans: 1, keptSpans: 1, events: 0,
    rejected: [],
  },
  {
    name: 'payload-attribute.otlp.jsonl',
    // 8 MB of text in one attribute, and a span after it on the same line
    text: `${documentText([spanText(SPAN(16), { attributes: `[${kv('payload', `{"stringValue":"${'x'.repeat(8 * 1024 * 1024)}"}`)}]` }), spanText(SPAN(17))])}\n`,
    spans: 2, keptSpans: 2, events: 0,
    rejected: [],
  },
];

/** Cases for Node only: their size would only slow the browser test. */
export const LARGE_HOSTILE_CASES: HostileCase[] = [
  {
    name: 'a-million-attributes.otlp.jsonl',
    text: `${documentText([spanText(SPAN(20), { attributes: manyAttributes(1_000_000) }), spanText(SPAN(21))])}\n`,
    spans: 2, keptSpans: 1, events: 0,
    rejected: [[1, `${place(0)}: the span has 1,000,000 attributes, over the limit of 500,000`]],
  },
  {
    name: 'a-retrieval-of-100k-documents.otlp.jsonl',
    text: `${documentText([spanText(SPAN(22), { name: 'retrieve', attributes: manyDocumentsAttributes(100_000) })])}\n`,
    // the retrieval covers its span (documents without content: no assets)
    spans: 1, keptSpans: 0, events: 1,
    rejected: [],
  },
  {
    name: '100k-resource-spans.otlp.jsonl',
    text: `{"resourceSpans":[${Array.from({ length: 100_000 }, (_, r) => `{"resource":{"attributes":[]},"scopeSpans":[{"spans":[${spanText(SPAN(100 + r))}]}]}`).join(',')}]}\n`,
    spans: 100_000, keptSpans: 100_000, events: 0,
    rejected: [],
  },
  {
    name: 'a-line-over-50-mb.otlp.jsonl',
    text: `${documentText([spanText(SPAN(23), { attributes: `[${kv('payload', `{"stringValue":"${'y'.repeat(51 * 1024 * 1024)}"}`)}]` })])}\n${documentText([spanText(SPAN(24))])}\n`,
    spans: 2, keptSpans: 1, events: 0,
    rejected: [[1, 'the line is too long to read: 51.0 MB, over the limit of 50.0 MB for one line']],
  },
];
