import type { Attributes } from './any-value';
import type { UnmappedSpan } from './otlp-mapping';
import type { ReadSpan } from './read-span';
import type { SpanDefaults } from './span-defaults';
import { unmappedSpanKind } from './span-kind';
import { inputValueRepeatsMessages } from './trace/llm-input-repeat';

const REPEATED_INPUT = ['input.value', 'input.mime_type'] as const;

/**
 * A span's attributes as stored, as JSON text: all of them, but a model call's `input.value` that
 * only repeats its input messages. Those two are set to undefined for the stringify, which leaves
 * them out, and then put back: cheaper than copying every other attribute into a new object.
 */
function storedAttributes(attributes: Attributes): string {
  if (!inputValueRepeatsMessages(attributes)) return JSON.stringify(attributes);
  const repeated = REPEATED_INPUT.map((key) => attributes[key]);
  for (const key of REPEATED_INPUT) (attributes as Record<string, unknown>)[key] = undefined;
  try {
    return JSON.stringify(attributes);
  } finally {
    REPEATED_INPUT.forEach((key, i) => ((attributes as Record<string, unknown>)[key] = repeated[i]));
  }
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
    attributes: storedAttributes(span.attributes),
  };
}
