import { EVENT_TYPES, type EventType } from '../../schema/event-types';
import type { Rejection } from '../../schema/rejection';
import { readAttributes } from './any-value';
import { unixNanoToMs } from './otlp-time';
import type { ReadSpan } from './read-span';
import type { SpanDefaults } from './span-defaults';

/** Span events named `rag.<type>` carry events no tracing standard covers (README, "App namespace"). */
export const APP_EVENT_PREFIX = 'rag.';

export type AppEventMapped = { ok: true; event: Record<string, unknown> } | { ok: false; rejection: Rejection } | null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every type but `retrieval`, which is the retriever's span itself. */
const isAppEventType = (type: string): type is EventType =>
  type !== 'retrieval' && Object.prototype.hasOwnProperty.call(EVENT_TYPES, type);

const takesSessionDefaults = (type: EventType) => (EVENT_TYPES[type].required as readonly string[]).includes('session_id');

/**
 * One span event → one log event, or null for a span event outside the app namespace (`exception`
 * and the like). Its attributes are the event's fields, named as in the log format; `event_id`
 * defaults to `span:<span id>:<index>` and `ts` to the span event's time; an event of a
 * session type also takes the span's session, user, request, turn, surface and run.
 */
export function mapAppEvent(raw: unknown, index: number, span: ReadSpan, defaults: SpanDefaults): AppEventMapped {
  if (!isRecord(raw) || typeof raw.name !== 'string' || !raw.name.startsWith(APP_EVENT_PREFIX)) return null;
  const type = raw.name.slice(APP_EVENT_PREFIX.length);
  if (!isAppEventType(type)) {
    const message = type === 'retrieval'
      ? 'a retrieval is a RETRIEVER span, not a span event'
      : `span event "${raw.name}" names no event type`;
    return { ok: false, rejection: { reason: 'unknown_type', field: 'name', message } };
  }
  const read = readAttributes(raw.attributes, 'span event');
  if (!read.ok) return { ok: false, rejection: read.problem };
  const { attributes } = read;
  // `time_unix_nano`: the proto's field name, which Phoenix's REST export writes (read-span.ts).
  const timeField = (raw.timeUnixNano === undefined || raw.timeUnixNano === null) && 'time_unix_nano' in raw ? 'time_unix_nano' : 'timeUnixNano';
  const time = unixNanoToMs(raw[timeField]);
  if (time === null && attributes.ts === undefined) {
    return { ok: false, rejection: { reason: 'bad_ts', field: timeField, message: `"${timeField}" is not a time: ${JSON.stringify(raw[timeField]) ?? 'missing'}` } };
  }
  const event: Record<string, unknown> = {
    ...(takesSessionDefaults(type) ? defaults : {}),
    event_id: `span:${span.spanId}:${index}`,
    ts: time,
    ...attributes,
    type,
  };
  return { ok: true, event };
}
