import type { UnmappedSpan } from './otlp-mapping';
import type { ReadSpan } from './read-span';
import type { SpanDefaults } from './span-defaults';
import { unmappedSpanKind } from './span-kind';

/** A span no event type covers, kept for the session's timeline and the load summary's counts. */
export function toUnmappedSpan(span: ReadSpan, defaults: SpanDefaults): UnmappedSpan {
  return {
    trace_id: span.traceId,
    span_id: span.spanId,
    parent_span_id: span.parentSpanId,
    session_id: defaults.session_id,
    user_id: defaults.user_id ?? null,
    name: span.name,
    kind: unmappedSpanKind(span),
    ts: span.startMs,
    end_ts: span.endMs,
    status: span.status,
    attributes: JSON.stringify(span.attributes),
  };
}
