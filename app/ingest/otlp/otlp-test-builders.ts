/** Test-only builders of hand-written OTLP JSON, for the table-driven mapping tests. */
type Plain = string | number | boolean | Plain[] | { [key: string]: Plain };

export const TRACE_ID = '5b8efff798038103d269b633813fc60c';
export const SPAN_ID = 'eee19b7ec3c1b174';
export const PARENT_ID = 'eee19b7ec3c1b173';
/** 2026-03-02T10:00:01.000Z and 250 ms later, in nanoseconds. */
export const START_NANO = '1772445601000000000';
export const END_NANO = '1772445601250000000';
export const START_MS = Date.parse('2026-03-02T10:00:01Z');

/** An `AnyValue` as the JS SDK writes it (integers as `intValue`, other numbers as `doubleValue`). */
export function anyValue(value: Plain): Record<string, unknown> {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { intValue: value } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  return { kvlistValue: { values: keyValues(value) } };
}

export const keyValues = (attributes: Record<string, Plain>) =>
  Object.entries(attributes).map(([key, value]) => ({ key, value: anyValue(value) }));

export interface SpanSpec {
  attributes?: Record<string, Plain>;
  events?: { name: string; timeUnixNano?: unknown; attributes?: Record<string, Plain> }[];
  [field: string]: unknown;
}

export function makeSpan({ attributes = {}, events = [], ...fields }: SpanSpec = {}): Record<string, unknown> {
  return {
    traceId: TRACE_ID,
    spanId: SPAN_ID,
    parentSpanId: PARENT_ID,
    name: 'span',
    kind: 1,
    startTimeUnixNano: START_NANO,
    endTimeUnixNano: END_NANO,
    attributes: keyValues(attributes),
    events: events.map(({ attributes: eventAttributes = {}, ...event }) => ({ timeUnixNano: START_NANO, ...event, attributes: keyValues(eventAttributes) })),
    status: { code: 0 },
    ...fields,
  };
}

export const RETRIEVER = { 'openinference.span.kind': 'RETRIEVER' };

export function makeDocument(spans: unknown[], options: { resource?: Record<string, Plain>; legacy?: boolean } = {}) {
  const list = options.legacy ? 'instrumentationLibrarySpans' : 'scopeSpans';
  return { resourceSpans: [{ resource: { attributes: keyValues(options.resource ?? {}) }, [list]: [{ scope: { name: 'test' }, spans }] }] };
}

export const SPAN_POSITION = (i: number) => `resourceSpans[0].scopeSpans[0].spans[${i}]`;
