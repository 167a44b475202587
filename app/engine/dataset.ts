import { updateDerivedTables } from './derived/update-derived-tables';
import type { Engine } from './engine';
import { CLEAR_SQL, datasetSetupSql, FILE_ROW_TABLES } from './sql/ddl';
import { POST_LOAD_TABLES } from './sql/derived/registry';
import { NEW_GENERATION_SQL } from './sql/derived/state';
import { ident } from './sql/core/quote';
import { errorMessage } from '../lib/error-message';

/** What the `files` table keeps of a loaded file (the ingest's FileIngestResult carries these and more). */
export interface FileRecord {
  fileId: number;
  fileName: string;
  bytes: number | null;
  textBytes: number | null;
  events: number;
  rejected: number;
  /** Unmapped OTLP spans per kind. */
  spans: Record<string, number>;
  blankLines: number;
  sampledOut?: number;
  fingerprint?: string | null;
  error: string | null;
  derivedIds?: { metadata: number; content: number };
  lateSpans?: number;
}

/** What a file's resolved traces add to its record. */
export type TraceRowCounts = Pick<FileRecord, 'fileId' | 'events' | 'rejected' | 'spans'> & Required<Pick<FileRecord, 'derivedIds' | 'lateSpans'>>;

export async function initDataset(engine: Engine): Promise<void> {
  await engine.exec(datasetSetupSql());
  await updateDerivedTables(engine, POST_LOAD_TABLES);
}

/** How many of a file's OTLP spans no event type covers, all kinds together. */
export const unmappedSpanCount = (file: Pick<FileRecord, 'spans'>) => Object.values(file.spans).reduce((sum, n) => sum + n, 0);

const FILE_COLUMNS = `file_id, name, bytes, text_bytes, events, rejected, spans, blank_lines, sampled_out, fingerprint, error, loaded_at,
       derived_metadata_ids, derived_content_ids, late_spans`;

const fileValues = (file: FileRecord, loadedAt: number) => [
  file.fileId, file.fileName, file.bytes, file.textBytes, file.events, file.rejected, unmappedSpanCount(file), file.blankLines, file.sampledOut || null, file.fingerprint ?? null, file.error, loadedAt,
  file.derivedIds?.metadata ?? null, file.derivedIds?.content ?? null, file.lateSpans || null,
];

const FILE_PLACEHOLDERS = `(${Array.from({ length: 15 }, () => '?').join(', ')})`;

export async function recordFile(engine: Engine, file: FileRecord): Promise<void> {
  await recordFiles(engine, [file]);
}

/** Many files' records in one statement (a group of small files, ingest/small-file-group.ts). */
export async function recordFiles(engine: Engine, files: FileRecord[]): Promise<void> {
  const loadedAt = Date.now();
  // 500 rows (7,500 parameters) a statement
  for (let from = 0; from < files.length; from += 500) {
    const part = files.slice(from, from + 500);
    await engine.query(`INSERT INTO files (${FILE_COLUMNS}) VALUES ${part.map(() => FILE_PLACEHOLDERS).join(', ')}`, part.flatMap((file) => fileValues(file, loadedAt)));
  }
}

/** A file's traces were resolved after the load's last file (ingest/otlp/store-traces.ts): its record gains their rows. */
export async function recordTraceRows(engine: Engine, counts: TraceRowCounts): Promise<void> {
  await engine.query(
    `UPDATE files SET events = events + ?, rejected = rejected + ?, spans = coalesce(spans, 0) + ?,
       derived_metadata_ids = coalesce(derived_metadata_ids, 0) + ?, derived_content_ids = coalesce(derived_content_ids, 0) + ?,
       late_spans = nullif(coalesce(late_spans, 0) + ?, 0) WHERE file_id = ?`,
    [counts.events, counts.rejected, unmappedSpanCount(counts), counts.derivedIds.metadata, counts.derivedIds.content, counts.lateSpans, counts.fileId],
  );
}

/**
 * Removes what a cancelled file had inserted so far. Loads only append; removing rows starts a
 * new generation, after which every derived table is rebuilt whole.
 */
export async function forgetFile(engine: Engine, fileId: number): Promise<void> {
  for (const table of [...FILE_ROW_TABLES, 'files']) {
    await engine.query(`DELETE FROM ${ident(table)} WHERE file_id = ?`, [fileId]);
  }
  await engine.exec(NEW_GENERATION_SQL);
}

/** Brings the tables derived from all loaded events up to date (for what changed); call after every load. */
export async function finalizeLoad(engine: Engine): Promise<void> {
  await updateDerivedTables(engine, POST_LOAD_TABLES);
}

/**
 * Compresses the rows in memory (DuckDB's checkpoint of its in-memory database): at 1M events the
 * events tables went from 423 to 61 MB, and the derived tables built next fill the space freed
 * instead of growing the tab (docs/performance.md, "Stop 42"). Run after a load's `finalizeLoad`:
 * right after a large load's commit a checkpoint compressed nothing (1M events, DuckDB 1.4 in
 * DuckDB-wasm 1.32, in the tab and in Node), after any later write it does. Not after a label:
 * a checkpoint rewrites every row group that changed, and an annotator would wait for it.
 * Skipped, never failed, while another write is open (DuckDB refuses to checkpoint then): the
 * rows are only larger.
 */
export async function compressLoadedRows(engine: Pick<Engine, 'exec'>): Promise<void> {
  try {
    await engine.exec('CHECKPOINT');
  } catch (error) {
    if (!/Cannot CHECKPOINT/i.test(errorMessage(error))) throw error;
  }
}

export async function clearDataset(engine: Engine): Promise<void> {
  await engine.exec(CLEAR_SQL + NEW_GENERATION_SQL);
  await updateDerivedTables(engine, POST_LOAD_TABLES);
}
