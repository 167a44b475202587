/**
 * The most attributes one span, resource or span event may have: past it the span is rejected
 * unread. OpenTelemetry SDKs keep 128 by default (OTEL_ATTRIBUTE_COUNT_LIMIT); the limit here
 * leaves room for a retrieval that flattens 100,000 documents into id, score, content and
 * metadata attributes each.
 */
export const MAX_SPAN_ATTRIBUTES = 500_000;
