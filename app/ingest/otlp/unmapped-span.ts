import type { Attributes } from './any-value';
import type { UnmappedSpan } from './otlp-mapping';
import type { ReadSpan } from './read-span';
import type { SpanDefaults } from './span-defaults';
import { unmappedSpanKind } from './span-kind';
import { inputValueRepeatsMessages } from './trace/llm-input-repeat';

/** A span's attributes as stored: all of them, but a model call's `input.value` that only repeats its input messages. */
function storedAttributes(attributes: Attributes): Attributes {
  if (!inputValueRepeatsMessages(attributes)) return attributes;
  const stored = { ...attributes };
  delete stored['input.value'];
  delete stored['input.mime_type'];
  return stored;
}

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
    attributes: JSON.stringify(storedAttributes(span.attributes)),
  };
}
