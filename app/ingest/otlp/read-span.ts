import type { Rejection } from '../../schema/rejection';
import { readAttributes, type Attributes } from './any-value';
import { ID_FORMS, readId } from './otlp-ids';
import { unixNanoToMs } from './otlp-time';

/** The parts of an OTLP span the mapping reads, decoded. */
export interface ReadSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** OTLP span kind name: INTERNAL, SERVER, CLIENT, PRODUCER, CONSUMER or UNSPECIFIED. */
  otlpKind: string;
  startMs: number;
  endMs: number | null;
  status: 'OK' | 'ERROR' | null;
  /** The status's `message`, when it has one (an ERROR's exception text). */
  statusMessage: string | null;
  attributes: Attributes;
  /** The span's `events` as given; app-events.ts reads them one by one. */
  events: unknown[];
}

export type SpanRead = { ok: true; span: ReadSpan } | { ok: false; rejection: Rejection };

const OTLP_KINDS = ['UNSPECIFIED', 'INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'];
const STATUS_CODES = ['UNSET', 'OK', 'ERROR'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An enum as OTLP JSON gives it: its number, or its name with or without the prefix (`SPAN_KIND_CLIENT`). */
function enumName(value: unknown, prefix: string, names: readonly string[]): string | undefined {
  if (typeof value === 'number') return names[value];
  if (typeof value !== 'string') return undefined;
  const name = value.startsWith(prefix) ? value.slice(prefix.length) : value;
  return names.includes(name) ? name : undefined;
}

function readStatus(status: unknown): ReadSpan['status'] {
  const name = isRecord(status) ? enumName(status.code, 'STATUS_CODE_', STATUS_CODES) : undefined;
  return name === 'OK' || name === 'ERROR' ? name : null;
}

const problem = (reason: Rejection['reason'], field: string, message: string): SpanRead => ({ ok: false, rejection: { reason, field, message } });

/**
 * A field by its JSON name or, failing that, by the proto's own name (`trace_id`), which
 * protobuf's JSON mapping lets parsers accept and Arize Phoenix's REST span export writes:
 * the name found (for messages) and the value.
 */
function protoField(raw: Record<string, unknown>, jsonName: string, protoName: string): [string, unknown] {
  const given = raw[jsonName];
  return given === undefined || given === null ? [protoName in raw ? protoName : jsonName, raw[protoName]] : [jsonName, given];
}

const notAnId = (field: string, kind: 'trace' | 'span', given: string): SpanRead =>
  problem('wrong_type', field, `"${field}" is not a ${kind} id (${ID_FORMS[kind]}): ${given.length > 80 ? `${given.slice(0, 80)}…` : given}`);

/**
 * Decodes one span; a span without trace or span id, or without a start time, cannot be mapped,
 * nor one whose ids are not ids or whose attributes are nested too deep or too many (any-value.ts).
 */
export function readSpan(raw: unknown): SpanRead {
  if (!isRecord(raw)) return problem('not_object', 'span', 'a span must be a JSON object');
  const [traceField, rawTraceId] = protoField(raw, 'traceId', 'trace_id');
  const traceId = readId(rawTraceId, 'trace');
  if ('notAnId' in traceId) return notAnId(traceField, 'trace', traceId.notAnId);
  if (traceId.id === null) return problem('missing_field', traceField, `the span has no ${traceField}`);
  const [spanField, rawSpanId] = protoField(raw, 'spanId', 'span_id');
  const spanId = readId(rawSpanId, 'span');
  if ('notAnId' in spanId) return notAnId(spanField, 'span', spanId.notAnId);
  if (spanId.id === null) return problem('missing_field', spanField, `the span has no ${spanField}`);
  const [parentField, rawParentId] = protoField(raw, 'parentSpanId', 'parent_span_id');
  const parentSpanId = readId(rawParentId, 'span');
  if ('notAnId' in parentSpanId) return notAnId(parentField, 'span', parentSpanId.notAnId);
  const [startField, start] = protoField(raw, 'startTimeUnixNano', 'start_time_unix_nano');
  const startMs = unixNanoToMs(start);
  if (startMs === null) {
    return problem('bad_ts', startField, `"${startField}" is not a time: ${JSON.stringify(start) ?? 'missing'}`);
  }
  const [endField, end] = protoField(raw, 'endTimeUnixNano', 'end_time_unix_nano');
  const endGiven = end !== undefined && end !== null && end !== '0' && end !== 0;
  const endMs = endGiven ? unixNanoToMs(end) : null;
  if (endGiven && endMs === null) {
    return problem('bad_ts', endField, `"${endField}" is not a time: ${JSON.stringify(end)}`);
  }
  const attributes = readAttributes(raw.attributes);
  if (!attributes.ok) return problem(attributes.problem.reason, attributes.problem.field, attributes.problem.message);
  return {
    ok: true,
    span: {
      traceId: traceId.id,
      spanId: spanId.id,
      parentSpanId: parentSpanId.id,
      name: typeof raw.name === 'string' ? raw.name : '',
      otlpKind: enumName(raw.kind, 'SPAN_KIND_', OTLP_KINDS) ?? 'UNSPECIFIED',
      startMs,
      endMs,
      status: readStatus(raw.status),
      statusMessage: isRecord(raw.status) && typeof raw.status.message === 'string' && raw.status.message !== '' ? raw.status.message : null,
      attributes: attributes.attributes,
      events: Array.isArray(raw.events) ? raw.events : [],
    },
  };
}
