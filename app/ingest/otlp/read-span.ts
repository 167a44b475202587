import type { Rejection } from '../../schema/rejection';
import { decodeAttributes, type Attributes } from './any-value';
import { normalizeId } from './otlp-ids';
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

/** Decodes one span; a span without trace or span id, or without a start time, cannot be mapped. */
export function readSpan(raw: unknown): SpanRead {
  if (!isRecord(raw)) return problem('not_object', 'span', 'a span must be a JSON object');
  const traceId = normalizeId(raw.traceId, 'trace');
  if (traceId === null) return problem('missing_field', 'traceId', 'the span has no traceId');
  const spanId = normalizeId(raw.spanId, 'span');
  if (spanId === null) return problem('missing_field', 'spanId', 'the span has no spanId');
  const startMs = unixNanoToMs(raw.startTimeUnixNano);
  if (startMs === null) {
    return problem('bad_ts', 'startTimeUnixNano', `"startTimeUnixNano" is not a time: ${JSON.stringify(raw.startTimeUnixNano) ?? 'missing'}`);
  }
  const endGiven = raw.endTimeUnixNano !== undefined && raw.endTimeUnixNano !== null && raw.endTimeUnixNano !== '0' && raw.endTimeUnixNano !== 0;
  const endMs = endGiven ? unixNanoToMs(raw.endTimeUnixNano) : null;
  if (endGiven && endMs === null) {
    return problem('bad_ts', 'endTimeUnixNano', `"endTimeUnixNano" is not a time: ${JSON.stringify(raw.endTimeUnixNano)}`);
  }
  return {
    ok: true,
    span: {
      traceId,
      spanId,
      parentSpanId: normalizeId(raw.parentSpanId, 'span'),
      name: typeof raw.name === 'string' ? raw.name : '',
      otlpKind: enumName(raw.kind, 'SPAN_KIND_', OTLP_KINDS) ?? 'UNSPECIFIED',
      startMs,
      endMs,
      status: readStatus(raw.status),
      attributes: decodeAttributes(raw.attributes),
      events: Array.isArray(raw.events) ? raw.events : [],
    },
  };
}
