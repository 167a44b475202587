import { parquetSchema, type FileMetaData } from 'hyparquet';
import { ArrowBatchBuilder } from '../../engine/arrow-batch';
import { SUMMARY_SESSIONS_TABLE, SUMMARY_SESSIONS_TABLE_COLUMNS } from '../../schema/sessions-summary';
import type { RejectionReason } from '../../schema/rejection';
import type { OtlpIngest } from '../otlp/ingest-otlp';
import { PHOENIX_TIME_PARSERS, SPAN_EVALUATIONS_ERROR, phoenixParquetFile, phoenixRowReader } from '../phoenix/parquet-rows';
import { formatCount } from '../../lib/format';
import { firstUnreadableCell } from './cell-parsers';
import { readFooter } from './footer';
import { countingSource, sourceFromStream, type RandomAccessSource } from './random-access';
import { countOf, planRowGroups, untrustedCounts, type FilePlan, type RowGroupPlan } from './row-group-plan';
import { readRowGroup } from './row-group-reader';
import { schemaLeaves, type SchemaLeaf } from './schema-check';
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

/** Why `source` is not a whole Parquet file, which begins and ends with "PAR1", or null. */
async function notParquet(source: RandomAccessSource): Promise<string | null> {
  const text = (buffer: ArrayBuffer) => String.fromCharCode(...new Uint8Array(buffer));
  if (source.byteLength < 12 || text(await source.slice(0, 4)) !== MAGIC) return 'not a Parquet file: it does not begin and end with "PAR1"';
  if (text(await source.slice(source.byteLength - 4)) !== MAGIC) return 'the Parquet file is cut short: it does not end with "PAR1" and its index of rows; none of its rows could be read, and how many it holds is unknown';
  return null;
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
  result.error = await notParquet(source);
  if (result.error) return result;
  let bytesRead = 0;
  const file = countingSource(source, (bytes) => options.onBytes((bytesRead = bytes)));
  const footer = await readFooter(file);
  if (!footer.ok) {
    result.error = footer.error;
    return result;
  }
  const { metadata } = footer;
  const schema = schemaLeaves(metadata.schema);
  if (!schema.ok) {
    const claimed = countOf(metadata.num_rows);
    result.error = `${schema.problem}: none of its ${claimed === null ? '' : `${formatCount(claimed)} `}rows were read`;
    return result;
  }
  const columns = parquetSchema(metadata).children.map((child) => child.element.name);
  const plan = planRowGroups(metadata, schema.leaves, footer.dataEnd);
  const groups = { file, metadata, plan, leaves: schema.leaves };
  if (isSessionsSummaryFile(columns)) {
    if (!options.summary) result.error = 'a sessions summary (from `retrieval-inspector export --sessions-summary`) cannot be loaded here';
    else result.error = await storeSessionsSummary(groups, options.summary, options.signal);
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
  const step = async (done: number) => {
    if (done % ROWS_PER_STEP !== 0) return;
    checkCancelled(signal);
    await options.flush(false);
    options.onBytes(bytesRead);
  };
  /** Rows of a group from `from` on, each a rejected row: every row the file holds is accounted for. */
  const rejectUnread = async (group: RowGroupPlan, problem: string, from = 0) => {
    const message = `${groupName(group, plan.groups.length)} could not be read: ${problem}`;
    for (let i = from; i < group.rows; i++) {
      records.reject(group.firstRow + i + 1, '', 'unreadable_row', null, message);
      await step(i + 1);
    }
  };
  for (const group of plan.groups) {
    checkCancelled(signal);
    if (group.problem !== null) {
      // A group whose count cannot be believed is told once, in the file's message.
      if (group.rowsTrusted) await rejectUnread(group, group.problem);
      continue;
    }
    const read = await readRowGroup(file, metadata, group, schema.leaves, phoenix ? PHOENIX_TIME_PARSERS : undefined);
    if (!read.ok) {
      await rejectUnread(group, read.problem);
      continue;
    }
    const { rows } = read;
    for (let i = 0; i < rows.length; i++) {
      const line = group.firstRow + i + 1;
      const unreadable = read.unreadableCells ? firstUnreadableCell(rows[i]) : null;
      if (unreadable) {
        const { column, cell } = unreadable;
        records.reject(line, JSON.stringify(rowEvent(rows[i])), cell.reason, column, `"${column}" ${cell.problem}`);
      } else if (phoenixRow) phoenixRow(rows[i], line);
      else {
        const event = rowEvent(rows[i]);
        if (!rejectedRows) records.accept(line, () => JSON.stringify(event), event);
        else {
          const restored = restoredRejection(event);
          if (restored.ok) records.restore(restored.row);
          else records.reject(line, JSON.stringify(event), restored.rejection.reason, restored.rejection.field, restored.rejection.message);
        }
      }
      await step(i + 1);
    }
    if (read.missingRows > 0) await rejectUnread(group, `its pages hold ${formatCount(rows.length)} of the ${formatCount(group.rows)} rows the footer gives it`, rows.length);
    await options.flush(false);
  }
  result.error = untrustedCounts(plan);
  return result;
}

const groupName = (group: RowGroupPlan, groups: number) =>
  `row group ${formatCount(group.index + 1)} of ${formatCount(groups)} (rows ${formatCount(group.firstRow + 1)}–${formatCount(group.firstRow + group.rows)})`;

interface RowGroups {
  file: RandomAccessSource;
  metadata: FileMetaData;
  plan: FilePlan;
  leaves: SchemaLeaf[];
}

/** A summary file's rows into their table, one row group at a time; why it could not be read, or null. */
async function storeSessionsSummary({ file, metadata, plan, leaves }: RowGroups, target: NonNullable<ParquetIngestOptions['summary']>, signal?: AbortSignal): Promise<string | null> {
  const builder = new ArrowBatchBuilder(SUMMARY_SESSIONS_TABLE_COLUMNS);
  if (!plan.countsAgree) return 'the sessions summary was not loaded: its row counts cannot be trusted';
  for (const group of plan.groups) {
    checkCancelled(signal);
    const read = group.problem === null ? await readRowGroup(file, metadata, group, leaves) : { ok: false as const, problem: group.problem };
    if (!read.ok) return `${groupName(group, plan.groups.length)} could not be read: ${read.problem}`;
    if (read.unreadableCells || read.missingRows > 0) return `${groupName(group, plan.groups.length)} holds cells that could not be read`;
    for (const row of read.rows) {
      const cells = Object.fromEntries(SUMMARY_SESSIONS_TABLE_COLUMNS.map(({ name }) => [name, typeof row[name] === 'bigint' ? Number(row[name]) : (row[name] ?? null)]));
      builder.add({ ...cells, file_id: target.fileId } as Parameters<ArrowBatchBuilder['add']>[0]);
    }
    if (builder.length > 0) await target.insert(SUMMARY_SESSIONS_TABLE, builder.flush());
  }
  return null;
}
