import { annotationLabel } from './annotation-label';
import { resolveTrace } from './resolve-trace';
import type { CollectedSpan, DocumentAnnotation, DocumentList, TraceOutput } from './trace-types';
import { errorMessage } from '../../../lib/error-message';

type DerivedIds = TraceOutput['derivedIds'];

/** A load's traces resolved: their rows, and the document ids each file's traces derived. */
export interface ResolvedTraces extends TraceOutput {
  derivedIdsByFile: Map<number, DerivedIds>;
  /** Per file: spans that came after their trace had been resolved early, and were read apart from it. */
  lateSpansByFile: Map<number, number>;
}

const NO_IDS = () => ({ metadata: 0, content: 0 });

const emptyOutput = (): ResolvedTraces => ({ events: [], spans: [], rejected: [], derivedIds: NO_IDS(), listsBySpan: new Map<string, DocumentList>(), derivedIdsByFile: new Map(), lateSpansByFile: new Map() });

/** One trace resolved into `output`; its derived ids count for the file its first span came from. */
function addTrace(output: ResolvedTraces, spans: CollectedSpan[]): void {
  const trace = resolveSafely(spans);
  for (const event of trace.events) output.events.push(event);
  for (const span of trace.spans) output.spans.push(span);
  for (const rejection of trace.rejected) output.rejected.push(rejection);
  output.derivedIds.metadata += trace.derivedIds.metadata;
  output.derivedIds.content += trace.derivedIds.content;
  const fileId = spans[0].place.fileId;
  const file = output.derivedIdsByFile.get(fileId) ?? NO_IDS();
  file.metadata += trace.derivedIds.metadata;
  file.content += trace.derivedIds.content;
  output.derivedIdsByFile.set(fileId, file);
  for (const [spanId, list] of trace.listsBySpan) output.listsBySpan.set(spanId, list);
}

/** One trace's surprise must not cost the load: its spans become rejected rows that say so. */
function resolveSafely(spans: CollectedSpan[]): TraceOutput {
  try {
    return resolveTrace(spans);
  } catch (error) {
    const message = `internal error while reading trace ${spans[0].span.traceId}: ${errorMessage(error)}`;
    const rejected = spans.map(({ span, place }) => ({ place, reason: 'internal_error' as const, field: null, message, raw: JSON.stringify({ traceId: span.traceId, spanId: span.spanId, name: span.name }) }));
    return { events: [], spans: [], rejected, derivedIds: NO_IDS(), listsBySpan: new Map() };
  }
}

/**
 * How many spans may wait in a load before the traces whose root has come are resolved early: a
 * 1M-span collector file (2.7 GB) held whole took 5.8 GB of a tab and crashed it. Past it, each
 * trace is resolved as soon as its root has come: resolving in bursts, each time the budget
 * filled again, held up to 50,000 spans long enough for the garbage collector to move them to
 * the old generation (a fifth of that load's CPU went to collecting garbage).
 */
export const WAITING_SPANS_BUDGET = 50_000;

/**
 * The spans of every trace read so far in a load, grouped by trace: a collector's file writes a
 * trace's spans over many lines (a child ends, and is exported, before its parent) and a paged
 * export over many files, and the rules (nesting, stages, the turn's prompt, consumption) need a
 * trace whole. Resolved once the load's last file is read; past `budget` waiting spans, the
 * traces of the file being read whose root has come are resolved as it goes (`resolveRooted`):
 * a root is exported last, so such a trace is whole, but a span that still comes after it is
 * read apart from its trace, and counted (`lateSpans`).
 */
export class TraceCollector {
  private traces = new Map<string, CollectedSpan[]>();
  private annotations: DocumentAnnotation[] = [];
  private waiting = 0;
  /** Traces with a span without a parent (their root). */
  private rooted = new Set<string>();
  /** Traces resolved early, and the document lists of their spans, which annotations read at the end. */
  private resolvedEarly = new Set<string>();
  private earlyLists = new Map<string, DocumentList>();
  /** Per file: spans that came after their trace was resolved early. */
  private lateSpans = new Map<number, number>();
  /** More spans have waited than the budget allows: from then on traces are resolved as their roots come. */
  private pastBudget = false;
  /** Roots come since the last `resolveRooted`. */
  private newRoots = 0;

  constructor(private readonly budget = WAITING_SPANS_BUDGET) {}

  get isEmpty(): boolean {
    return this.traces.size === 0 && this.annotations.length === 0;
  }

  /** Past the budget (now or earlier in the load) with a root come since the last resolution: resolve what can be (`resolveRooted`). */
  get overBudget(): boolean {
    if (this.waiting > this.budget) this.pastBudget = true;
    return this.pastBudget && this.newRoots > 0;
  }

  addSpan(collected: CollectedSpan): void {
    const { traceId, parentSpanId } = collected.span;
    if (this.resolvedEarly.has(traceId)) {
      const { fileId } = collected.place;
      this.lateSpans.set(fileId, (this.lateSpans.get(fileId) ?? 0) + 1);
    }
    const spans = this.traces.get(traceId);
    if (spans) spans.push(collected);
    else this.traces.set(traceId, [collected]);
    if (parentSpanId === null) {
      this.rooted.add(traceId);
      this.newRoots += 1;
    }
    this.waiting += 1;
  }

  /**
   * Resolves the traces whose root has come and whose spans all came from `fileId` (so that
   * their rows are that file's, numbered as it goes), and lets them go.
   */
  resolveRooted(fileId: number): ResolvedTraces {
    const output = emptyOutput();
    this.newRoots = 0;
    for (const traceId of this.rooted) {
      const spans = this.traces.get(traceId);
      if (spans === undefined || !spans.every((collected) => collected.place.fileId === fileId)) continue;
      addTrace(output, spans);
      this.traces.delete(traceId);
      this.rooted.delete(traceId);
      this.resolvedEarly.add(traceId);
      this.waiting -= spans.length;
    }
    for (const [spanId, list] of output.listsBySpan) this.earlyLists.set(spanId, list);
    return output;
  }

  addAnnotation(annotation: DocumentAnnotation): void {
    this.annotations.push(annotation);
  }

  /** A file that failed leaves nothing behind. */
  forgetFile(fileId: number): void {
    for (const [traceId, spans] of this.traces) {
      const kept = spans.filter((collected) => collected.place.fileId !== fileId);
      this.waiting -= spans.length - kept.length;
      if (kept.length === 0) {
        this.traces.delete(traceId);
        this.rooted.delete(traceId);
      } else if (kept.length < spans.length) {
        this.traces.set(traceId, kept);
        if (!kept.some((collected) => collected.span.parentSpanId === null)) this.rooted.delete(traceId);
      }
    }
    this.annotations = this.annotations.filter((annotation) => annotation.place.fileId !== fileId);
    this.lateSpans.delete(fileId);
  }

  clear(): void {
    this.traces = new Map();
    this.annotations = [];
    this.waiting = 0;
    this.rooted = new Set();
    this.resolvedEarly = new Set();
    this.earlyLists = new Map();
    this.lateSpans = new Map();
    this.pastBudget = false;
    this.newRoots = 0;
  }

  /**
   * Resolves every trace still waiting (in the order each was first seen), then each annotation
   * against the document lists of every trace of the load, and empties the collector.
   */
  resolve(): ResolvedTraces {
    const output = emptyOutput();
    for (const spans of this.traces.values()) addTrace(output, spans);
    for (const annotation of this.annotations) {
      const label = annotationLabel(annotation, output.listsBySpan.get(annotation.spanId) ?? this.earlyLists.get(annotation.spanId));
      if ('event' in label) output.events.push(label);
      else output.rejected.push(label);
    }
    output.lateSpansByFile = this.lateSpans;
    this.clear();
    return output;
  }
}
