import type { Attributes } from './any-value';
import type { OtlpMapping } from './otlp-mapping';
import { readOtlpDocument } from './read-document';
import type { ReadSpan } from './read-span';
import { TraceCollector } from './trace/trace-collector';

/**
 * Maps one OTLP JSON trace document (`{"resourceSpans": [...]}`) on its own: its spans (or the
 * `spans` given instead) grouped by trace and each trace resolved whole (trace/resolve-trace.ts),
 * into log events, kept spans and rejected rows that name their position. A load resolves the
 * traces of all its files together instead (ingest-otlp.ts); this is for parts read on their own
 * and for tests.
 */
export function mapOtlpDocument(document: unknown, spans?: { span: ReadSpan; resource: Attributes; position: string }[]): OtlpMapping {
  const out: OtlpMapping = { events: [], spans: [], rejected: [] };
  const traces = new TraceCollector();
  const add = (span: ReadSpan, resource: Attributes, position: string) => traces.addSpan({ span, resource, place: { fileId: 0, fileName: '', line: 0, position } });
  if (spans) for (const { span, resource, position } of spans) add(span, resource, position);
  else readOtlpDocument(document, { span: add, rejected: (rejection) => out.rejected.push(rejection) });
  const resolved = traces.resolve();
  for (const { event } of resolved.events) out.events.push(event);
  for (const { span } of resolved.spans) out.spans.push(span);
  for (const { place, reason, field, message, raw } of resolved.rejected) out.rejected.push({ position: place.position, reason, field, message, raw });
  return out;
}
