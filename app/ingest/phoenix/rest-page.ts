import type { Attributes } from '../otlp/any-value';
import type { OtlpRejection } from '../otlp/otlp-mapping';
import { readSpan, type ReadSpan, type SpanRead } from '../otlp/read-span';
import { flattenNested, regroupJsonAttributes } from './phoenix-attributes';
import { phoenixSpan, rowPhoenixParts, toMicrosecond } from './phoenix-span';

/**
 * One page of Arize Phoenix's REST span export, `{"data": [...], "next_cursor": "…" | null}`
 * (`PaginatedResponseBody`, src/phoenix/server/api/routers/v1/utils.py):
 * - `GET /v1/projects/{project}/spans/otlpv1` (`OtlpSpan`, routers/v1/spans.py): OTLP spans with
 *   the proto's snake_case names (`trace_id`, `span_id`, `parent_span_id`, hex), times as numbers
 *   of nanoseconds (`start_time_unix_nano`), `kind` always `SPAN_KIND_INTERNAL`, `status.code` a
 *   number (0, 1, 2), attributes as a `KeyValue` list with snake_case values (`string_value`), the
 *   unused value fields `null`, and the attributes Phoenix parsed as JSON split into dotted keys;
 * - `GET /v1/projects/{project}/spans` (`Span`): Phoenix's own form, `context.trace_id`,
 *   `start_time` as ISO text, attributes as one nested object (phoenix-span.ts).
 * Each page of a paged export is its own file; a load's trace collector joins a trace's spans.
 */
export interface PhoenixSpansPage {
  data: unknown[];
  next_cursor?: string | null;
}

/** A span as read from a page, with its resource (Phoenix keeps none) and its place (`data[3]`). */
export interface PhoenixPageSpan {
  span: ReadSpan;
  resource: Attributes;
  position: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An element of `data` in either of Phoenix's span forms. */
export const isPhoenixSpanElement = (value: unknown): boolean =>
  isRecord(value) && ('span_id' in value || 'trace_id' in value || (isRecord(value.context) && 'span_id' in value.context));

/** A page: a `data` list with Phoenix's `next_cursor` beside it, or whose first element is a Phoenix span. */
export function isPhoenixSpansPage(value: unknown): value is PhoenixSpansPage {
  if (!isRecord(value) || !Array.isArray(value.data)) return false;
  return 'next_cursor' in value || (value.data.length > 0 && isPhoenixSpanElement(value.data[0]));
}

/** A span event's `time_unix_nano` (a float product, like the span's times) to the microsecond, as decimal text. */
function eventToMicrosecond(event: unknown): unknown {
  if (!isRecord(event) || typeof event.time_unix_nano !== 'number' || !Number.isFinite(event.time_unix_nano)) return event;
  return { ...event, time_unix_nano: (BigInt(Math.round(event.time_unix_nano / 1000)) * 1000n).toString() };
}

/** An `OtlpSpan` of the otlpv1 export: read as OTLP JSON (read-span.ts takes the proto's names), then Phoenix's changes undone. */
function readOtlpV1Span(raw: Record<string, unknown>): SpanRead {
  const read = readSpan(raw);
  if (!read.ok) return read;
  const { span } = read;
  return {
    ok: true,
    span: {
      ...span,
      startMs: toMicrosecond(span.startMs),
      endMs: span.endMs === null ? null : toMicrosecond(span.endMs),
      attributes: regroupJsonAttributes(span.attributes),
      events: span.events.map(eventToMicrosecond),
    },
  };
}

/** A `Span` of the `/spans` page (Phoenix's own form). */
function readPhoenixFormSpan(raw: Record<string, unknown>): SpanRead {
  const context = isRecord(raw.context) ? raw.context : {};
  return phoenixSpan({
    traceId: ['context.trace_id', context.trace_id],
    spanId: ['context.span_id', context.span_id],
    ...rowPhoenixParts(raw),
    attributes: flattenNested(isRecord(raw.attributes) ? Object.entries(raw.attributes) : []),
  });
}

export type PageSpanRead = { ok: true; read: PhoenixPageSpan } | { ok: false; rejection: OtlpRejection };

/** Element `index` of a page's `data`. */
export function readPhoenixPageSpan(raw: unknown, index: number): PageSpanRead {
  const position = `data[${index}]`;
  const rawText = () => JSON.stringify(raw) ?? String(raw);
  if (!isRecord(raw)) {
    return { ok: false, rejection: { position, reason: 'not_object', field: null, message: 'a Phoenix span must be a JSON object', raw: rawText() } };
  }
  const read = isRecord(raw.context) ? readPhoenixFormSpan(raw) : readOtlpV1Span(raw);
  if (!read.ok) return { ok: false, rejection: { position, ...read.rejection, raw: rawText() } };
  return { ok: true, read: { span: read.span, resource: Object.create(null) as Attributes, position } };
}

export interface PageVisitor {
  span(read: PhoenixPageSpan): void;
  rejected(rejection: OtlpRejection): void;
}

/** Every element of a page's `data`, in order: a span read, or a rejection naming `data[i]`. */
export function readPhoenixSpansPage(page: PhoenixSpansPage, visit: PageVisitor): void {
  page.data.forEach((raw, index) => {
    const result = readPhoenixPageSpan(raw, index);
    if (result.ok) visit.span(result.read);
    else visit.rejected(result.rejection);
  });
}
