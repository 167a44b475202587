import type { Rejection } from '../../schema/rejection';
import type { AttributeValue, Attributes } from '../otlp/any-value';
import { normalizeId } from '../otlp/otlp-ids';
import { OPENINFERENCE_SPAN_KIND } from '../otlp/span-kind';
import type { ReadSpan, SpanRead } from '../otlp/read-span';
import { flattenNested } from './phoenix-attributes';

/**
 * A span in Phoenix's own form, as its spans dataframe has it (src/phoenix/trace/dsl/query.py,
 * `_get_spans_dataframe`) and its `/v1/projects/{project}/spans` page (routers/v1/spans.py,
 * `Span`): `context.span_id`, `context.trace_id`, `parent_id`, `name`, `span_kind` (the
 * OpenInference kind), `start_time` / `end_time` (datetimes), `status_code` (`OK`, `ERROR`,
 * `UNSET`), `status_message`, flat `attributes` and `events` (`{name, timestamp, attributes}`).
 * Each part is named by where it was read, for messages.
 */
export interface PhoenixSpanParts {
  traceId: [string, unknown];
  spanId: [string, unknown];
  parentId: unknown;
  name: unknown;
  spanKind: unknown;
  startTime: [string, unknown];
  endTime: [string, unknown];
  statusCode: unknown;
  statusMessage: unknown;
  attributes: Attributes;
  events: unknown;
}

/** The parts both of Phoenix's forms (a `/spans` page, the spans dataframe) name alike: all but the ids and the attributes. */
export const rowPhoenixParts = (row: Record<string, unknown>): Omit<PhoenixSpanParts, 'traceId' | 'spanId' | 'attributes'> => ({
  parentId: row.parent_id,
  name: row.name,
  spanKind: row.span_kind,
  startTime: ['start_time', row.start_time],
  endTime: ['end_time', row.end_time],
  statusCode: row.status_code,
  statusMessage: row.status_message,
  events: row.events,
});

const ISO_TIME = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A Phoenix time as epoch milliseconds, to the microsecond Phoenix keeps (Python datetimes): an
 * ISO-8601 text (`2024-05-01T12:00:00.123456+00:00`; without an offset it is UTC, as Phoenix
 * stores it), a Date, or epoch milliseconds (a Parquet TIMESTAMP cell). Null when not a time.
 */
export function phoenixTimeMs(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value === 'bigint') return value > 0n ? Number(value) : null;
  if (typeof value !== 'string') return null;
  const match = ISO_TIME.exec(value.trim());
  if (!match) return null;
  const [, seconds, fraction = '', offset = 'Z'] = match;
  const zone = offset.toUpperCase() === 'Z' ? 'Z' : `${offset.slice(0, 3)}:${offset.slice(-2)}`;
  const whole = Date.parse(`${seconds.replace(' ', 'T')}${zone}`);
  if (Number.isNaN(whole)) return null;
  const micros = Number(fraction.slice(0, 6).padEnd(6, '0'));
  return whole + micros / 1000;
}

/** Epoch milliseconds to the microsecond: Phoenix's REST export multiplies a float of seconds by 1e9, which leaves noise below it. */
export const toMicrosecond = (ms: number): number => Math.round(ms * 1000) / 1000;

/** An attribute value as an OTLP JSON `AnyValue`. */
function anyValue(value: AttributeValue): Record<string, unknown> {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { intValue: value } : { doubleValue: value };
  if (value === null) return {};
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  return { kvlistValue: { values: keyValues(value) } };
}

const keyValues = (attributes: Record<string, AttributeValue>) => Object.entries(attributes).map(([key, value]) => ({ key, value: anyValue(value) }));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nanoseconds as decimal text, from epoch ms kept to the microsecond. */
const nanosText = (ms: number): string => (BigInt(Math.round(ms * 1000)) * 1000n).toString();

/**
 * Phoenix's span events (`{name, timestamp, attributes}`, attributes flat) in the OTLP JSON form
 * the rest of the mapping reads (`{name, timeUnixNano, attributes: KeyValue[]}`, app-events.ts).
 * An event whose time cannot be read keeps none, and the mapping says so if it needs one.
 */
function otlpEvents(events: unknown): unknown[] {
  if (!Array.isArray(events) && !ArrayBuffer.isView(events)) return [];
  return Array.from(events as ArrayLike<unknown>, (event) => {
    if (!isRecord(event)) return event;
    const time = phoenixTimeMs(event.timestamp);
    const attributes = isRecord(event.attributes) ? flattenNested(Object.entries(event.attributes)) : {};
    return { name: event.name, ...(time === null ? {} : { timeUnixNano: nanosText(time) }), attributes: keyValues(attributes) };
  });
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

const problem = (reason: Rejection['reason'], field: string, message: string): SpanRead => ({ ok: false, rejection: { reason, field, message } });

/** A span in Phoenix's own form → the span the trace rules read; a span without ids or a start time cannot be read. */
export function phoenixSpan(parts: PhoenixSpanParts): SpanRead {
  const traceId = normalizeId(text(parts.traceId[1]), 'trace');
  if (traceId === null) return problem('missing_field', parts.traceId[0], `the span has no ${parts.traceId[0]}`);
  const spanId = normalizeId(text(parts.spanId[1]), 'span');
  if (spanId === null) return problem('missing_field', parts.spanId[0], `the span has no ${parts.spanId[0]}`);
  const startMs = phoenixTimeMs(parts.startTime[1]);
  if (startMs === null) {
    return problem('bad_ts', parts.startTime[0], `"${parts.startTime[0]}" is not a time: ${JSON.stringify(parts.startTime[1]) ?? 'missing'}`);
  }
  const endGiven = parts.endTime[1] !== null && parts.endTime[1] !== undefined;
  const endMs = endGiven ? phoenixTimeMs(parts.endTime[1]) : null;
  if (endGiven && endMs === null) {
    return problem('bad_ts', parts.endTime[0], `"${parts.endTime[0]}" is not a time: ${JSON.stringify(parts.endTime[1])}`);
  }
  const attributes = parts.attributes;
  // The OpenInference kind is an attribute of the span; Phoenix also gives it as `span_kind`.
  const spanKind = text(parts.spanKind);
  if (attributes[OPENINFERENCE_SPAN_KIND] === undefined && spanKind !== null && spanKind.toUpperCase() !== 'UNKNOWN') {
    attributes[OPENINFERENCE_SPAN_KIND] = spanKind;
  }
  const statusCode = text(parts.statusCode)?.toUpperCase();
  const span: ReadSpan = {
    traceId,
    spanId,
    parentSpanId: normalizeId(text(parts.parentId), 'span'),
    name: typeof parts.name === 'string' ? parts.name : '',
    // Phoenix keeps no OTLP kind; its own OTLP export says INTERNAL for every span.
    otlpKind: 'INTERNAL',
    startMs,
    endMs,
    status: statusCode === 'OK' || statusCode === 'ERROR' ? statusCode : null,
    statusMessage: typeof parts.statusMessage === 'string' && parts.statusMessage !== '' ? parts.statusMessage : null,
    attributes,
    events: otlpEvents(parts.events),
  };
  return { ok: true, span };
}
