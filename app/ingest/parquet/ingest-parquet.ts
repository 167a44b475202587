import { parquetMetadataAsync, parquetReadObjects, parquetSchema, type FileMetaData } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { ArrowBatchBuilder } from '../../engine/arrow-batch';
import { SUMMARY_SESSIONS_TABLE, SUMMARY_SESSIONS_TABLE_COLUMNS } from '../../schema/sessions-summary';
import type { RejectionReason } from '../../schema/rejection';
import type { OtlpIngest } from '../otlp/ingest-otlp';
import { PHOENIX_TIME_PARSERS, SPAN_EVALUATIONS_ERROR, phoenixParquetFile, phoenixRowReader } from '../phoenix/parquet-rows';
import { countingSource, sourceFromStream, type RandomAccessSource } from './random-access';
import { isRejectedRowsFile, restoredRejection, type RestoredRejection } from './rejected-rows';
import { rowEvent } from './row-value';
import { isSessionsSummaryFile } from './sessions-summary-file';

/** Where the rows of a Parquet file go: the same validation and tables as every other input. */
export interface ParquetRecords {
  /** A row as an input event, validated by `validateEvent`; `raw` is its JSON text, made when needed. */
  accept(line: number, raw: () => string, value: unknown): void;
  reject(line: number, raw: string, reason: RejectionReason, field: string | null, message: string): void;
  /** A row of a rejected-rows export, kept as the rejected row it was. */
  restore(row: RestoredRejection): void;
  /** Where the rows of a Phoenix export (spans dataframe, document annotations) go: the load's traces; without it such a file is refused. */
  otlp?: Pick<OtlpIngest, 'collect' | 'annotate'>;
}

export interface ParquetIngestOptions {
  /** Random access to the file when its source has it (a File, a file on disk); else `stream` is read whole. */
  source: RandomAccessSource | null;
  stream: ReadableStream<Uint8Array>;
  records: ParquetRecords;
  /** Inserts the batches that are full (all of them when `force`). */
  flush(force: boolean): Promise<void>;
  /** Called as bytes are read and rows validated (for progress). */
  onBytes(bytesRead: number): void;
  signal?: AbortSignal;
  /** Where a sessions-summary file's rows go (schema/sessions-summary.ts), under this file's id; without it such a file is refused. */
  summary?: { fileId: number; insert(table: string, ipc: Uint8Array): Promise<void> };
}

export interface ParquetIngestResult {
  bytes: number;
  /** Why the file could not be read (not Parquet, a broken file), or null. */
  error: string | null;
}

const MAGIC = 'PAR1';
/** Rows validated between two looks at the batches and the cancel button. */
const ROWS_PER_STEP = 1000;

async function isParquet(source: RandomAccessSource): Promise<boolean> {
  if (source.byteLength < 12) return false;
  const text = (buffer: ArrayBuffer) => String.fromCharCode(...new Uint8Array(buffer));
  return text(await source.slice(0, 4)) === MAGIC && text(await source.slice(source.byteLength - 4)) === MAGIC;
}

function checkCancelled(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new DOMException('The load was cancelled', 'AbortError');
}

/**
 * Reads a Parquet file row group by row group (hyparquet, with hyparquet-compressors for zstd,
 * gzip, brotli and lz4): only one group's rows are held at a time. Each row is an event as its
 * JSON would be, numbered from 1 as its line; a file of rejected rows (the dataset export's)
 * gives back its rejected rows. Only a cancel escapes as an exception.
 */
export async function ingestParquet(options: ParquetIngestOptions): Promise<ParquetIngestResult> {
  const { records, signal } = options;
  let source: RandomAccessSource;
  if (options.source) {
    source = options.source;
    await options.stream.cancel().catch(() => undefined);
  } else {
    source = await sourceFromStream(options.stream);
  }
  const result: ParquetIngestResult = { bytes: source.byteLength, error: null };
  if (!(await isParquet(source))) {
    result.error = 'not a Parquet file: it does not begin and end with "PAR1"';
    return result;
  }
  let bytesRead = 0;
  const file = countingSource(source, (bytes) => options.onBytes((bytesRead = bytes)));
  let metadata: FileMetaData;
  try {
    metadata = await parquetMetadataAsync(file);
  } catch (error) {
    result.error = `could not read the Parquet file: ${(error as Error).message}`;
    return result;
  }
  const columns = parquetSchema(metadata).children.map((child) => child.element.name);
  if (isSessionsSummaryFile(columns)) {
    if (!options.summary) result.error = 'a sessions summary (from `retrieval-inspector export --sessions-summary`) cannot be loaded here';
    else result.error = await storeSessionsSummary(file, metadata, options.summary, options.signal);
    return result;
  }
  const rejectedRows = isRejectedRowsFile(columns);
  // A Phoenix export is told once, from its schema: its rows are spans or annotations, not events.
  const phoenix = rejectedRows ? null : phoenixParquetFile(columns, metadata.key_value_metadata);
  if (phoenix?.kind === 'span-evaluations') {
    result.error = SPAN_EVALUATIONS_ERROR;
    return result;
  }
  if (phoenix && !records.otlp) {
    result.error = 'a Phoenix export (spans or document annotations) cannot be loaded here';
    return result;
  }
  const phoenixRow = phoenix && records.otlp ? phoenixRowReader(phoenix, { otlp: records.otlp, reject: records.reject }) : null;
  let groupStart = 0;
  for (const group of metadata.row_groups) {
    checkCancelled(signal);
    const groupRows = Number(group.num_rows);
    let rows: Record<string, unknown>[];
    try {
      rows = await parquetReadObjects({ file, metadata, compressors, rowStart: groupStart, rowEnd: groupStart + groupRows, ...(phoenix ? { parsers: PHOENIX_TIME_PARSERS } : {}) });
    } catch (error) {
      result.error = `could not read the Parquet file at rows ${groupStart + 1}–${groupStart + groupRows}: ${(error as Error).message}`;
      return result;
    }
    for (let i = 0; i < rows.length; i++) {
      const line = groupStart + i + 1;
      if (phoenixRow) phoenixRow(rows[i], line);
      else {
        const event = rowEvent(rows[i]);
        if (!rejectedRows) records.accept(line, () => JSON.stringify(event), event);
        else {
          const restored = restoredRejection(event);
          if (restored.ok) records.restore(restored.row);
          else records.reject(line, JSON.stringify(event), restored.rejection.reason, restored.rejection.field, restored.rejection.message);
        }
      }
      if ((i + 1) % ROWS_PER_STEP === 0) {
        checkCancelled(signal);
        await options.flush(false);
        options.onBytes(bytesRead);
      }
    }
    groupStart += groupRows;
    await options.flush(false);
  }
  return result;
}

/** A summary file's rows into their table, one row group at a time; why it could not be read, or null. */
async function storeSessionsSummary(file: RandomAccessSource, metadata: FileMetaData, target: NonNullable<ParquetIngestOptions['summary']>, signal?: AbortSignal): Promise<string | null> {
  const builder = new ArrowBatchBuilder(SUMMARY_SESSIONS_TABLE_COLUMNS);
  let groupStart = 0;
  for (const group of metadata.row_groups) {
    checkCancelled(signal);
    const groupEnd = groupStart + Number(group.num_rows);
    let rows: Record<string, unknown>[];
    try {
      rows = await parquetReadObjects({ file, metadata, compressors, rowStart: groupStart, rowEnd: groupEnd });
    } catch (error) {
      return `could not read the Parquet file at rows ${groupStart + 1}–${groupEnd}: ${(error as Error).message}`;
    }
    for (const row of rows) {
      const cells = Object.fromEntries(SUMMARY_SESSIONS_TABLE_COLUMNS.map(({ name }) => [name, typeof row[name] === 'bigint' ? Number(row[name]) : (row[name] ?? null)]));
      builder.add({ ...cells, file_id: target.fileId } as Parameters<ArrowBatchBuilder['add']>[0]);
    }
    if (builder.length > 0) await target.insert(SUMMARY_SESSIONS_TABLE, builder.flush());
    groupStart = groupEnd;
  }
  return null;
}
