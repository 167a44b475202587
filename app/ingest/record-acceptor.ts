import { ArrowBatchBuilder } from '../engine/arrow-batch';
import { REJECTED_COLUMNS, TYPE_COLUMNS, typeTable } from '../schema/columns';
import { EVENT_TYPE_NAMES, type EventType } from '../schema/event-types';
import type { RejectedRow, Rejection, RejectionReason } from '../schema/rejection';
import { CheckedRow, validateInto } from '../schema/validate';
import { jsonErrorMessage } from './json-error';
import { OtlpIngest, type OtlpCounters } from './otlp/ingest-otlp';
import { claimsOtlpDocument } from './otlp/otlp-mapping';
import { collectPage, collectPageElement } from './phoenix/collect-page';
import { isPhoenixSpansPage } from './phoenix/rest-page';
import type { TraceCollector } from './otlp/trace/trace-collector';
import type { IdSet } from '../lib/id-set';
import type { GroupBatches } from './group-batches';
import { errorMessage } from '../lib/error-message';

/** Where the columns the acceptor writes itself stand in each type's table. */
const PROVENANCE = Object.fromEntries(
  EVENT_TYPE_NAMES.map((type) => {
    const columnOf = (name: string) => TYPE_COLUMNS[type].findIndex((column) => column.name === name);
    return [type, { fileId: columnOf('file_id'), line: columnOf('line'), seq: columnOf('seq'), eventId: columnOf('event_id'), retrievalId: columnOf('retrieval_id') }];
  }),
) as Record<EventType, { fileId: number; line: number; seq: number; eventId: number; retrievalId: number }>;

const internalError = (error: unknown): Rejection => ({
  reason: 'internal_error', field: null, message: `internal error while reading this line: ${errorMessage(error)}`,
});

/** A record's raw text; one that cannot be rebuilt (nested too deep to write out) says so instead. */
function rawText(raw: string | (() => string)): string {
  if (typeof raw === 'string') return raw;
  try {
    return raw();
  } catch {
    return '(the record could not be written out as text)';
  }
}

export interface RecordAcceptorOptions {
  fileId: number;
  fileName: string;
  /** First `seq` to give; seq orders events across all loaded files. */
  seqStart: number;
  /** Retrieval ids defined before; valid retrievals add theirs (a repeat is rejected). */
  seenRetrievalIds: IdSet;
  batchRows: number;
  otlpStart?: OtlpCounters;
  /** The load's trace collector: spans wait there to be resolved whole (null: each document's traces on their own). */
  traces?: TraceCollector | null;
  /** A sampled load's filter: a record it refuses is left out, neither stored nor rejected. */
  keep?: ((value: unknown) => boolean) | null;
  /** Where the events and rejected rows go when the file is one of a group of small files (they are stored with the group, not flushed here). */
  group?: GroupBatches | null;
}

/** What the records of a file (or of a chunk of one) came to. */
export interface AcceptedCounts {
  events: number;
  rejected: number;
  countsByType: Record<string, number>;
  /** Ids of the retrievals accepted, in line order (a cancelled load forgets them). */
  retrievalIds: string[];
  /** Records of sessions a sampled load left out (a sample of sessions was asked for). */
  sampledOut?: number;
}

/** The counts of a file or chunk once read: the records', its blank lines, its unmapped OTLP spans per kind (LLM, TOOL, …). */
export interface ReadCounts extends AcceptedCounts {
  blankLines: number;
  spans: Record<string, number>;
}

/** A full batch (or, when forced, any non-empty one), to store under `table`. */
export interface ReadyBatch {
  table: string;
  builder: Pick<ArrowBatchBuilder, 'flush' | 'flushBatch'>;
}

/**
 * The one place a record becomes a stored event or a rejected row: validation, the default
 * event_id `file:line`, seq numbering, OTLP documents, rejected rows. The whole-file ingest
 * (ingest-file.ts) and the parallel chunks (chunked/ingest-chunk.ts) both read records through it.
 */
export class RecordAcceptor {
  readonly counts: AcceptedCounts = { events: 0, rejected: 0, countsByType: {}, retrievalIds: [] };
  readonly otlp: OtlpIngest;
  private readonly eventBatches = new Map<EventType, ArrowBatchBuilder>();
  /** Made on the first rejected row: most files have none. */
  private rejectedBuilder: ArrowBatchBuilder | null = null;
  private seq: number;
  /** The record being checked: its fields by column, reused from record to record. */
  private readonly checked = new CheckedRow();

  constructor(private readonly options: RecordAcceptorOptions) {
    this.seq = options.seqStart;
    this.otlp = new OtlpIngest(options.fileId, options.fileName, { accept: this.accept, reject: this.reject }, options.batchRows, options.otlpStart, options.traces ?? null);
  }

  readonly reject = (line: number, raw: string, reason: RejectionReason, field: string | null, message: string): void => {
    this.rejectedRows().add({ file_id: this.options.fileId, file: this.options.fileName, line, severity: 'rejected', reason, field, message, raw });
    this.counts.rejected++;
  };

  /** A rejected row read back from an export (a Parquet `rejected` file): kept with its own file and line. */
  restore(row: Omit<RejectedRow, 'file_id'>): void {
    this.rejectedRows().add({ ...row, file_id: this.options.fileId });
    this.counts.rejected++;
  }

  readonly accept = (line: number, raw: string | (() => string), value: unknown): void => {
    if (this.options.keep && !this.options.keep(value)) {
      this.counts.sampledOut = (this.counts.sampledOut ?? 0) + 1;
      return;
    }
    let rejection: Rejection | null;
    try {
      rejection = validateInto(value, this.options.seenRetrievalIds, this.checked);
    } catch (error) {
      // One record's surprise must not cost the rest of its file.
      rejection = internalError(error);
    }
    if (rejection) {
      this.reject(line, rawText(raw), rejection.reason, rejection.field, rejection.message);
      return;
    }
    const { type, cells } = this.checked;
    const at = PROVENANCE[type];
    cells[at.fileId] = this.options.fileId;
    cells[at.line] = line;
    cells[at.seq] = this.seq++;
    cells[at.eventId] ??= `${this.options.fileName}:${line}`;
    this.batchFor(type).addCells(cells);
    this.counts.events++;
    this.counts.countsByType[type] = (this.counts.countsByType[type] ?? 0) + 1;
    if (type === 'retrieval') this.counts.retrievalIds.push(cells[at.retrievalId] as string);
  };

  /** A record's JSON text: a log event, an OTLP trace document, or a page of Phoenix's REST span export. */
  readonly text = (line: number, raw: string): void => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      this.reject(line, raw, 'invalid_json', null, jsonErrorMessage(raw, error));
      return;
    }
    if (claimsOtlpDocument(value)) this.guarded(line, raw, () => this.otlp.document(line, value));
    else if (isPhoenixSpansPage(value)) this.guarded(line, raw, () => collectPage(value, line, this));
    else this.accept(line, raw, value);
  };

  /** Element `index` of the `data` list of a Phoenix page, as JSON text (json-array-reader.ts streams a page's spans). */
  readonly pageSpan = (line: number, raw: string, index: number): void => {
    let element: unknown;
    try {
      element = JSON.parse(raw);
    } catch (error) {
      this.reject(line, raw, 'invalid_json', null, `data[${index}]: ${jsonErrorMessage(raw, error)}`);
      return;
    }
    this.guarded(line, raw, () => collectPageElement(element, index, line, this));
  };

  /** One record's surprise must not cost the rest of its file. */
  private guarded(line: number, raw: string, read: () => void): void {
    try {
      read();
    } catch (error) {
      const { reason, field, message } = internalError(error);
      this.reject(line, raw, reason, field, message);
    }
  }

  /** The batches that are full, or every non-empty one when `force`; each is emptied when flushed. */
  ready(force: boolean): ReadyBatch[] {
    const { batchRows } = this.options;
    const due = (length: number) => length >= batchRows || (force && length > 0);
    const batches: ReadyBatch[] = [];
    if (!this.options.group) {
      for (const [type, builder] of this.eventBatches) if (due(builder.length)) batches.push({ table: typeTable(type), builder });
      if (this.rejectedBuilder && due(this.rejectedBuilder.length)) batches.push({ table: 'rejected', builder: this.rejectedBuilder });
    }
    if (due(this.otlp.pendingSpans)) batches.push({ table: 'spans', builder: { flush: () => this.otlp.flushSpans(), flushBatch: () => this.otlp.flushSpansBatch() } });
    return batches;
  }

  private batchFor(type: EventType): ArrowBatchBuilder {
    let builder = this.eventBatches.get(type);
    if (!builder) {
      const { group, batchRows } = this.options;
      builder = group ? group.builder(typeTable(type), TYPE_COLUMNS[type]) : new ArrowBatchBuilder(TYPE_COLUMNS[type], batchRows);
      this.eventBatches.set(type, builder);
    }
    return builder;
  }

  private rejectedRows(): ArrowBatchBuilder {
    const { group } = this.options;
    return (this.rejectedBuilder ??= group ? group.builder('rejected', REJECTED_COLUMNS) : new ArrowBatchBuilder(REJECTED_COLUMNS, 1024));
  }
}
