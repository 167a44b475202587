/**
 * Test-only: Phoenix's export shapes written out as its server writes them. An `OtlpAnyValue`
 * is serialized by FastAPI with every field, the unused ones `null`
 * (src/phoenix/server/api/routers/v1/spans.py, `_to_any_value`); times are
 * `int(datetime.timestamp() * 1e9)`, a float product with noise below the microsecond.
 */
type Plain = string | number | boolean | null | Plain[];

const EMPTY_VALUE = { array_value: null, bool_value: null, bytes_value: null, double_value: null, int_value: null, kvlist_value: null, string_value: null };

/** Phoenix's `_to_any_value`. */
export function phoenixAnyValue(value: Plain): Record<string, unknown> {
  if (value === null) return { ...EMPTY_VALUE };
  if (typeof value === 'boolean') return { ...EMPTY_VALUE, bool_value: value };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ...EMPTY_VALUE, double_value: Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf' };
    return Number.isInteger(value) ? { ...EMPTY_VALUE, int_value: value } : { ...EMPTY_VALUE, double_value: value };
  }
  if (typeof value === 'string') return { ...EMPTY_VALUE, string_value: value };
  return { ...EMPTY_VALUE, array_value: { values: value.map(phoenixAnyValue) } };
}

export const phoenixKeyValues = (attributes: Record<string, Plain>) =>
  Object.entries(attributes).map(([key, value]) => ({ key, value: phoenixAnyValue(value) }));

/** `int(datetime.timestamp() * 1_000_000_000)` as Python computes it, for a time given to the microsecond. */
export function phoenixNanos(iso: string): number {
  const ms = Date.parse(iso);
  const micros = Math.round(ms * 1000) + Number((/\.\d{3}(\d{3})/.exec(iso) ?? [, '0'])[1]);
  const seconds = micros / 1e6;
  return Math.trunc(seconds * 1e9);
}

export const TRACE = '6a1b2c3d4e5f60718293a4b5c6d7e8f9';
export const ROOT = '1111111111111111';
export const RETRIEVER_SPAN = '2222222222222222';

export interface OtlpV1Spec {
  attributes?: Record<string, Plain>;
  [field: string]: unknown;
}

/** An `OtlpSpan` as `/spans/otlpv1` writes it. */
export function otlpV1Span({ attributes = {}, ...fields }: OtlpV1Spec = {}): Record<string, unknown> {
  return {
    attributes: phoenixKeyValues(attributes),
    dropped_attributes_count: null,
    dropped_events_count: null,
    dropped_links_count: null,
    end_time_unix_nano: phoenixNanos('2025-06-03T09:15:02.250000+00:00'),
    events: null,
    flags: null,
    kind: 'SPAN_KIND_INTERNAL',
    links: null,
    name: 'retrieve',
    parent_span_id: ROOT,
    span_id: RETRIEVER_SPAN,
    start_time_unix_nano: phoenixNanos('2025-06-03T09:15:02.123456+00:00'),
    status: { code: 1, message: null },
    trace_id: TRACE,
    trace_state: null,
    ...fields,
  };
}
