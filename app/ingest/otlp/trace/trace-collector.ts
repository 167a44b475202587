import { annotationLabel } from './annotation-label';
import { resolveTrace } from './resolve-trace';
import type { CollectedSpan, DocumentAnnotation, DocumentList, TraceOutput } from './trace-types';

type DerivedIds = TraceOutput['derivedIds'];

/** A load's traces resolved: their rows, and the document ids each file's traces derived. */
export interface ResolvedTraces extends TraceOutput {
  derivedIdsByFile: Map<number, DerivedIds>;
}

const NO_IDS = () => ({ metadata: 0, content: 0 });

/** One trace's surprise must not cost the load: its spans become rejected rows that say so. */
function resolveSafely(spans: CollectedSpan[]): TraceOutput {
  try {
    return resolveTrace(spans);
  } catch (error) {
    const message = `internal error while reading trace ${spans[0].span.traceId}: ${error instanceof Error ? error.message : String(error)}`;
    const rejected = spans.map(({ span, place }) => ({ place, reason: 'internal_error' as const, field: null, message, raw: JSON.stringify({ traceId: span.traceId, spanId: span.spanId, name: span.name }) }));
    return { events: [], spans: [], rejected, derivedIds: NO_IDS(), listsBySpan: new Map() };
  }
}

/**
 * The spans of every trace read so far in a load, grouped by trace: a collector's file writes a
 * trace's spans over many lines (a child ends, and is exported, before its parent) and a paged
 * export over many files, and the rules (nesting, stages, the turn's prompt, consumption) need a
 * trace whole. Resolved once the load's last file is read.
 */
export class TraceCollector {
  private traces = new Map<string, CollectedSpan[]>();
  private annotations: DocumentAnnotation[] = [];

  get isEmpty(): boolean {
    return this.traces.size === 0 && this.annotations.length === 0;
  }

  addSpan(collected: CollectedSpan): void {
    const spans = this.traces.get(collected.span.traceId);
    if (spans) spans.push(collected);
    else this.traces.set(collected.span.traceId, [collected]);
  }

  addAnnotation(annotation: DocumentAnnotation): void {
    this.annotations.push(annotation);
  }

  /** A file that failed leaves nothing behind. */
  forgetFile(fileId: number): void {
    for (const [traceId, spans] of this.traces) {
      const kept = spans.filter((collected) => collected.place.fileId !== fileId);
      if (kept.length === 0) this.traces.delete(traceId);
      else if (kept.length < spans.length) this.traces.set(traceId, kept);
    }
    this.annotations = this.annotations.filter((annotation) => annotation.place.fileId !== fileId);
  }

  clear(): void {
    this.traces = new Map();
    this.annotations = [];
  }

  /**
   * Resolves every trace (in the order each was first seen), then each annotation against the
   * document lists of those traces, and empties the collector.
   */
  resolve(): ResolvedTraces {
    const output: ResolvedTraces = { events: [], spans: [], rejected: [], derivedIds: { metadata: 0, content: 0 }, listsBySpan: new Map<string, DocumentList>(), derivedIdsByFile: new Map() };
    for (const spans of this.traces.values()) {
      const trace = resolveSafely(spans);
      for (const event of trace.events) output.events.push(event);
      for (const span of trace.spans) output.spans.push(span);
      for (const rejection of trace.rejected) output.rejected.push(rejection);
      output.derivedIds.metadata += trace.derivedIds.metadata;
      output.derivedIds.content += trace.derivedIds.content;
      // A trace's derived ids count for the file its first span came from.
      const fileId = spans[0].place.fileId;
      const file = output.derivedIdsByFile.get(fileId) ?? { metadata: 0, content: 0 };
      file.metadata += trace.derivedIds.metadata;
      file.content += trace.derivedIds.content;
      output.derivedIdsByFile.set(fileId, file);
      for (const [spanId, list] of trace.listsBySpan) output.listsBySpan.set(spanId, list);
    }
    for (const annotation of this.annotations) {
      const label = annotationLabel(annotation, output.listsBySpan.get(annotation.spanId));
      if ('event' in label) output.events.push(label);
      else output.rejected.push(label);
    }
    this.traces = new Map();
    this.annotations = [];
    return output;
  }
}
