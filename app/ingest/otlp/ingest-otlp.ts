import { ArrowBatchBuilder, type BuiltBatch } from '../../engine/arrow-batch';
import { SPAN_COLUMNS } from '../../schema/columns';
import type { RejectionReason } from '../../schema/rejection';
import { mapOtlpDocument } from './map-document';

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
 * The OpenTelemetry side of one file's ingest: maps each OTLP trace document (a JSON Lines line,
 * an element of a JSON array, or one `resourceSpans` element of a `.json` document streamed
 * piece by piece), hands its events to the common validation, stores the spans no event covers
 * in `spans` and turns what cannot be mapped into rejected rows that name the position.
 */
export class OtlpIngest {
  /** Made on the first span: most files hold none. */
  private batch: ArrowBatchBuilder | null = null;
  /** Unmapped spans stored, per kind (LLM, TOOL, …). */
  readonly spansByKind: Record<string, number> = Object.create(null) as Record<string, number>;
  private spanSeq: number;
  private eventOrdinal: number;

  /** `start`: the counters as earlier parts of the same file left them (a file ingested in chunks). */
  constructor(
    private readonly fileId: number,
    private readonly fileName: string,
    private readonly hooks: OtlpIngestHooks,
    private readonly batchRows: number,
    start: OtlpCounters = { spanSeq: 0, eventOrdinal: 0 },
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
      this.hooks.reject(line, raw, 'invalid_json', null, `resourceSpans[${index}]: ${(error as Error).message}`);
      return;
    }
    this.store(line, { resourceSpans: [element] }, (position) => position.replace(/^resourceSpans\[0\]/, `resourceSpans[${index}]`));
  }

  private store(line: number, document: unknown, place: (position: string) => string): void {
    let mapping: ReturnType<typeof mapOtlpDocument>;
    try {
      mapping = mapOtlpDocument(document);
    } catch (error) {
      this.hooks.reject(line, '', 'wrong_type', null, `could not map this trace document: ${(error as Error).message}`);
      return;
    }
    for (const event of mapping.events) {
      this.eventOrdinal += 1;
      // Several events come from one line: the default `file:line` id would repeat.
      event.event_id ??= `${this.fileName}:${line}#${this.eventOrdinal}`;
      this.hooks.accept(line, () => JSON.stringify(event), event);
    }
    for (const span of mapping.spans) {
      this.batch ??= new ArrowBatchBuilder(SPAN_COLUMNS, this.batchRows);
      this.batch.add({ file_id: this.fileId, line, seq: this.spanSeq++, ...span });
      this.spansByKind[span.kind] = (this.spansByKind[span.kind] ?? 0) + 1;
    }
    for (const rejection of mapping.rejected) {
      this.hooks.reject(line, rejection.raw, rejection.reason, rejection.field, `${place(rejection.position)}: ${rejection.message}`);
    }
  }
}
