/** Test-only builders of one trace's spans, as the collector hands them to resolveTrace. */
import { makeSpan, START_MS, TRACE_ID, type SpanSpec } from '../otlp-test-builders';
import { readSpan } from '../read-span';
import type { CollectedSpan } from './trace-types';

type Plain = string | number | boolean | Plain[] | { [key: string]: Plain };

export const FILE = { fileId: 1, fileName: 'traces.jsonl' } as const;
export const TRACE = TRACE_ID;
/** Epoch ms of a time `offset` ms after the builders' START_MS. */
export const at = (offset: number) => START_MS + offset;

export interface TraceSpanSpec extends Omit<SpanSpec, 'attributes'> {
  /** The span id: any text, so that tests name spans (read-span.ts, which wants 16 hex digits, reads the span under stand-in ids). */
  id: string;
  parent?: string | null;
  kind?: string;
  /** Start, in ms after START_MS, and duration in ms. */
  start?: number;
  ms?: number;
  attributes?: Record<string, Plain>;
}

const STAND_IN_ID = 'a1a1a1a1a1a1a1a1';
const STAND_IN_PARENT_ID = 'b2b2b2b2b2b2b2b2';

const nano = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;

/** One span: `kind` sets `openinference.span.kind`; the place is line `i + 1` of FILE. */
export function traceSpan({ id, parent = null, kind, start = 0, ms = 10, attributes = {}, ...fields }: TraceSpanSpec, i = 0, resource: Record<string, Plain> = {}): CollectedSpan {
  const raw = makeSpan({
    spanId: STAND_IN_ID,
    parentSpanId: parent === null ? undefined : STAND_IN_PARENT_ID,
    startTimeUnixNano: nano(at(start)),
    endTimeUnixNano: nano(at(start + ms)),
    attributes: kind === undefined ? attributes : { 'openinference.span.kind': kind, ...attributes },
    ...fields,
  });
  const read = readSpan(raw);
  if (!read.ok) throw new Error(`test span ${id}: ${read.rejection.message}`);
  return { span: { ...read.span, spanId: id, parentSpanId: parent }, resource: resource as CollectedSpan['resource'], place: { ...FILE, line: i + 1, position: `resourceSpans[0].scopeSpans[0].spans[${i}]` } };
}

export const traceSpans = (specs: TraceSpanSpec[], resource: Record<string, Plain> = {}): CollectedSpan[] =>
  specs.map((spec, i) => traceSpan(spec, i, resource));

export interface DocumentSpec {
  id?: string | number;
  score?: number;
  content?: string;
  metadata?: string | Record<string, Plain>;
}

/** A flattened OpenInference document list (`retrieval.documents.<i>.document.<part>`). */
export function documents(list: DocumentSpec[], prefix = 'retrieval.documents'): Record<string, Plain> {
  const attributes: Record<string, Plain> = {};
  list.forEach((document, i) => {
    for (const [part, value] of Object.entries(document)) {
      if (value !== undefined) attributes[`${prefix}.${i}.document.${part}`] = value;
    }
  });
  return attributes;
}

/** Documents with these ids and scores descending from 0.9 by 0.1. */
export const scored = (...ids: string[]): DocumentSpec[] => ids.map((id, i) => ({ id, score: Math.round((0.9 - i / 10) * 10) / 10 }));
