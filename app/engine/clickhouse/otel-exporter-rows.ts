/**
 * Test-only: the rows the OpenTelemetry Collector's ClickHouse exporter writes into `otel_traces`
 * for an OTLP JSON document (exporter/clickhouseexporter, exporter_traces.go `pushTraceData`),
 * so that a test can put the same spans into ClickHouse that the OTLP import reads.
 */

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An AnyValue as pcommon's `AsRaw`: what its JSON form (for lists and maps) is made of. */
function rawValue(value: unknown): unknown {
  if (!isRecord(value)) return null;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('bytesValue' in value) return value.bytesValue;
  if ('arrayValue' in value) return ((value.arrayValue as Json)?.values as unknown[] ?? []).map(rawValue);
  if ('kvlistValue' in value) return Object.fromEntries(((value.kvlistValue as Json)?.values as Json[] ?? []).map((kv) => [kv.key, rawValue(kv.value)]));
  return null;
}

/** Go's json.Marshal of a map sorts its keys. */
const sortedJson = (value: unknown): string => JSON.stringify(value, (_, v: unknown) => (isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/** pcommon `Value.AsString`: text as is, numbers in decimal, booleans true/false, lists and maps as JSON. */
function asString(value: unknown): string {
  const raw = rawValue(value);
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (raw === null) return '';
  return sortedJson(raw);
}

const attributesMap = (keyValues: unknown): Record<string, string> =>
  Object.fromEntries((Array.isArray(keyValues) ? keyValues : []).filter(isRecord).map((kv) => [kv.key as string, asString(kv.value)]));

/** Nanoseconds since 1970 (a decimal string) as ClickHouse's DateTime64(9) text in UTC. */
function dateTime64(nanos: bigint): string {
  const seconds = nanos / 1_000_000_000n;
  const fraction = (nanos % 1_000_000_000n).toString().padStart(9, '0');
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19).replace('T', ' ')}.${fraction}`;
}

const KIND_NAMES = ['Unspecified', 'Internal', 'Server', 'Client', 'Producer', 'Consumer'];
const STATUS_NAMES = ['Unset', 'Ok', 'Error'];
const enumIndex = (value: unknown, prefix: string, names: string[]) =>
  typeof value === 'number' ? value : Math.max(0, names.findIndex((name) => `${prefix}${name.toUpperCase()}` === value));

/** One row per span, its columns named as the exporter's INSERT names them. */
export function otelTracesRows(document: { resourceSpans: unknown[] }): Json[] {
  const rows: Json[] = [];
  for (const resourceSpans of document.resourceSpans.filter(isRecord)) {
    const resourceAttributes = attributesMap((resourceSpans.resource as Json | undefined)?.attributes);
    for (const scope of ((resourceSpans.scopeSpans ?? []) as Json[]).filter(isRecord)) {
      for (const span of ((scope.spans ?? []) as Json[]).filter(isRecord)) {
        const start = BigInt(span.startTimeUnixNano as string);
        const end = BigInt((span.endTimeUnixNano as string | undefined) ?? '0');
        const events = ((span.events ?? []) as Json[]).filter(isRecord);
        rows.push({
          Timestamp: dateTime64(start),
          TraceId: String(span.traceId).toLowerCase(),
          SpanId: String(span.spanId).toLowerCase(),
          ParentSpanId: String(span.parentSpanId ?? '').toLowerCase(),
          TraceState: String(span.traceState ?? ''),
          SpanName: String(span.name ?? ''),
          SpanKind: KIND_NAMES[enumIndex(span.kind, 'SPAN_KIND_', KIND_NAMES)],
          ServiceName: resourceAttributes['service.name'] ?? '',
          ResourceAttributes: resourceAttributes,
          ScopeName: String((scope.scope as Json | undefined)?.name ?? ''),
          ScopeVersion: String((scope.scope as Json | undefined)?.version ?? ''),
          SpanAttributes: attributesMap(span.attributes),
          // the exporter subtracts in Go's int64 and the column is UInt64: an unset end wraps
          Duration: BigInt.asUintN(64, end - start).toString(),
          StatusCode: STATUS_NAMES[enumIndex((span.status as Json | undefined)?.code, 'STATUS_CODE_', STATUS_NAMES)],
          StatusMessage: String((span.status as Json | undefined)?.message ?? ''),
          'Events.Timestamp': events.map((event) => dateTime64(BigInt((event.timeUnixNano as string | undefined) ?? '0'))),
          'Events.Name': events.map((event) => String(event.name ?? '')),
          'Events.Attributes': events.map((event) => attributesMap(event.attributes)),
          'Links.TraceId': [],
          'Links.SpanId': [],
          'Links.TraceState': [],
          'Links.Attributes': [],
        });
      }
    }
  }
  return rows;
}
