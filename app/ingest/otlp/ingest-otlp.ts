import { ArrowBatchBuilder, type BuiltBatch } from '../../engine/arrow-batch';
import { SPAN_COLUMNS } from '../../schema/columns';
import type { RejectionReason } from '../../schema/rejection';
import type { SpanRecord } from '../../schema/span-record';
import type { Attributes } from './any-value';
import { mapOtlpDocument } from './map-document';
import { readOtlpDocument } from './read-document';
import type { ReadSpan } from './read-span';
import type { TraceCollector } from './trace/trace-collector';
import type { DocumentAnnotation } from './trace/trace-types';
import { errorMessage } from '../../lib/error-message';

export interface OtlpIngestHooks {
  /** Validates and stores one mapped event as any input's (ingest-file.ts `accept`); `raw` is built only for a rejection. */
  accept(line: number, raw: () => string, value: Record<string, unknown>): void;
  reject(line: number, raw: string, reason: RejectionReason, field: string | null, message: string): void;
}

/** Per-file numbering of OTLP spans and of events mapped from them. */
export interface OtlpCounters {
  spanSeq: number;
  eventOrdinal: number;
}

/**
 * The OpenTelemetry side of one file's ingest. Each OTLP trace document (a JSON Lines line, an
 * element of a JSON array, or one `resourceSpans` element of a `.json` document streamed piece by
 * piece) is read span by span: what cannot be read is a rejected row that names its position;
 * what can goes to the load's `traces` collector, resolved whole once the load's files are read
 * (trace/trace-collector.ts). Without a collector (a chunk of a large events file parsed on its
 * own thread) each document's traces are resolved on their own. Resolved events go to the common
 * validation; the spans no event covers are stored in `spans`.
 */
export class OtlpIngest {
  /** Made on the first span: most files hold none. */
  private batch: ArrowBatchBuilder | null = null;
  /** Unmapped spans stored, per kind (LLM, TOOL, …). */
  readonly spansByKind: Record<string, number> = Object.create(null) as Record<string, number>;
  /** Document ids the traces this file resolved as it went derived (from metadata or content). */
  readonly derivedIds = { metadata: 0, content: 0 };
  private spanSeq: number;
  private eventOrdinal: number;

  /** `start`: the counters as earlier parts of the same file left them (a file ingested in chunks). */
  constructor(
    private readonly fileId: number,
    private readonly fileName: string,
    private readonly hooks: OtlpIngestHooks,
    private readonly batchRows: number,
    start: OtlpCounters = { spanSeq: 0, eventOrdinal: 0 },
    private readonly traces: TraceCollector | null = null,
  ) {
    this.spanSeq = start.spanSeq;
    this.eventOrdinal = start.eventOrdinal;
  }

  get counters(): OtlpCounters {
    return { spanSeq: this.spanSeq, eventOrdinal: this.eventOrdinal };
  }

  /** Spans waiting to be inserted. */
  get pendingSpans(): number {
    return this.batch?.length ?? 0;
  }

  /** The waiting spans as one Arrow IPC batch for the `spans` table. */
  flushSpans(): Uint8Array {
    return this.batch!.flush();
  }

  flushSpansBatch(): BuiltBatch {
    return this.batch!.flushBatch();
  }

  /** A whole document, already parsed. */
  document(line: number, document: unknown): void {
    this.store(line, document, (position) => position);
  }

  /**
   * Element `index` of a document's top-level `resourceSpans`, as text: mapped as the document
   * `{"resourceSpans": [element]}`, its positions renumbered to the element's place in the file.
   */
  resourceSpans(line: number, raw: string, index: number): void {
    let element: unknown;
    try {
      element = JSON.parse(raw);
    } catch (error) {
      this.hooks.reject(line, raw, 'invalid_json', null, `resourceSpans[${index}]: ${errorMessage(error)}`);
      return;
    }
    this.store(line, { resourceSpans: [element] }, (position) => position.replace(/^resourceSpans\[0\]/, `resourceSpans[${index}]`));
  }

  /** A span read by another reader (a Phoenix page or Parquet row), for the load's collector. */
  collect(span: ReadSpan, resource: Attributes, line: number, position: string): void {
    if (!this.traces) {
      this.resolveAlone(line, { resourceSpans: [] }, [{ span, resource, position }]);
      return;
    }
    this.traces.addSpan({ span, resource, place: this.place(line, position) });
    this.resolveWhatWaitsTooLong();
  }

  /** A document annotation (Phoenix), resolved with the load's traces. */
  annotate(annotation: Omit<DocumentAnnotation, 'place'>, line: number, position: string): void {
    if (this.traces) this.traces.addAnnotation({ ...annotation, place: this.place(line, position) });
    else this.hooks.reject(line, JSON.stringify(annotation), 'wrong_type', null, `${position}: a document annotation is read with the traces it annotates; this part of the file is read on its own`);
  }

  /** A span the trace resolution kept as a span (no event covers it), stored under `line`. */
  keepSpan(line: number, span: SpanRecord): void {
    this.batch ??= new ArrowBatchBuilder(SPAN_COLUMNS, this.batchRows);
    this.batch.add({ file_id: this.fileId, line, seq: this.spanSeq++, ...span });
    this.spansByKind[span.kind] = (this.spansByKind[span.kind] ?? 0) + 1;
  }

  /** A resolved event, validated and stored under `line` (its default id names the line and its order in the file). */
  acceptEvent(line: number, event: Record<string, unknown>): void {
    this.eventOrdinal += 1;
    // Several events come from one line: the default `file:line` id would repeat.
    event.event_id ??= `${this.fileName}:${line}#${this.eventOrdinal}`;
    this.hooks.accept(line, () => JSON.stringify(event), event);
  }

  private place(line: number, position: string) {
    return { fileId: this.fileId, fileName: this.fileName, line, position };
  }

  private store(line: number, document: unknown, place: (position: string) => string): void {
    if (!this.traces) {
      this.resolveAlone(line, document, null, place);
      return;
    }
    const traces = this.traces;
    readOtlpDocument(document, {
      span: (span, resource, position) => traces.addSpan({ span, resource, place: this.place(line, place(position)) }),
      rejected: (rejection) => this.hooks.reject(line, rejection.raw, rejection.reason, rejection.field, `${place(rejection.position)}: ${rejection.message}`),
    });
    this.resolveWhatWaitsTooLong();
  }

  /** Past the collector's budget, this file's traces whose root has come are resolved and stored now, with the file's own rows. */
  private resolveWhatWaitsTooLong(): void {
    if (!this.traces?.overBudget) return;
    const output = this.traces.resolveRooted(this.fileId);
    for (const { place, event } of output.events) this.acceptEvent(place.line, event);
    for (const { place, span } of output.spans) this.keepSpan(place.line, span);
    for (const { place, reason, field, message, raw } of output.rejected) this.hooks.reject(place.line, raw, reason, field, `${place.position}: ${message}`);
    this.derivedIds.metadata += output.derivedIds.metadata;
    this.derivedIds.content += output.derivedIds.content;
  }

  /** Without a collector: the document's own traces (or the given spans), resolved and stored now. */
  private resolveAlone(line: number, document: unknown, spans: { span: ReadSpan; resource: Attributes; position: string }[] | null, place: (position: string) => string = (position) => position): void {
    let mapping: ReturnType<typeof mapOtlpDocument>;
    try {
      mapping = mapOtlpDocument(document, spans ?? undefined);
    } catch (error) {
      this.hooks.reject(line, '', 'wrong_type', null, `could not map this trace document: ${errorMessage(error)}`);
      return;
    }
    for (const event of mapping.events) this.acceptEvent(line, event);
    for (const span of mapping.spans) this.keepSpan(line, span);
    for (const rejection of mapping.rejected) {
      this.hooks.reject(line, rejection.raw, rejection.reason, rejection.field, `${place(rejection.position)}: ${rejection.message}`);
    }
  }
}
