import { fnv1a } from '../lib/hash';
import { finalizeLoad } from './dataset';
import type { Engine } from './engine';
import { datasetSetupSql, FILE_ROW_TABLES, schemaSql } from './sql/ddl';
import { NEW_GENERATION_SQL } from './sql/derived/state';
import { ident } from './sql/core/quote';
import { run } from './sql/core/run';

/**
 * A dataset kept from an earlier page (or made by an earlier version of the app) is checked
 * before it is shown: its event tables must have today's columns, and rows of a load that a
 * reload interrupted are removed. The derived tables record the definitions they were built
 * with, so a changed definition rebuilds its table on the next update (engine/derived).
 */
const EVENT_SCHEMA = fnv1a(schemaSql()).toString(16);

const META_TABLE_SQL = 'CREATE TABLE IF NOT EXISTS dataset_meta (key VARCHAR PRIMARY KEY, value VARCHAR);';

export interface KeptFiles {
  files: number;
  /** The kept files' names, in load order. */
  names: string[];
  events: number;
  /** When the last kept file was loaded (epoch ms), or null when nothing is kept. */
  loadedAt: number | null;
}

export type OpenedDataset =
  | { kind: 'empty' }
  | { kind: 'restored'; kept: KeptFiles; interruptedRows: number }
  /** The kept tables were made by a version of the app whose columns differ: they cannot be read. */
  | { kind: 'incompatible' };

async function readMeta(engine: Engine): Promise<Map<string, string>> {
  await engine.exec(META_TABLE_SQL);
  const rows = await run(engine, 'SELECT key, value FROM dataset_meta', { key: 'string', value: 'string' });
  return new Map(rows.map((row) => [row.key, row.value]));
}

async function writeMeta(engine: Engine, key: string, value: string): Promise<void> {
  await engine.query('INSERT OR REPLACE INTO dataset_meta VALUES (?, ?)', [key, value]);
}

/** Rows whose file never finished loading (the page was closed mid-load): not part of the dataset. */
async function removeInterruptedRows(engine: Engine): Promise<number> {
  const orphans = (table: string) => `FROM ${ident(table)} WHERE file_id NOT IN (SELECT file_id FROM files)`;
  const counts = await run(engine,
    FILE_ROW_TABLES.map((table) => `SELECT '${table}' AS name, count(*)::INTEGER AS rows ${orphans(table)}`).join(' UNION ALL '),
    { name: 'string', rows: 'number' },
  );
  let removed = 0;
  for (const { name, rows } of counts) {
    if (rows > 0) await engine.exec(`DELETE ${orphans(name)}`);
    removed += rows;
  }
  return removed;
}

export async function readKeptFiles(engine: Engine): Promise<KeptFiles> {
  const [row] = await run(engine,
    `SELECT count(*)::INTEGER AS files, list(name ORDER BY file_id) AS names, coalesce(sum(events), 0)::INTEGER AS events,
            max(loaded_at) AS loaded_at FROM files`,
    { files: 'number', names: 'string[]|null', events: 'number', loaded_at: 'number|null' },
  );
  return { files: row.files, names: row.names ?? [], events: row.events, loadedAt: row.loaded_at };
}

/**
 * Opens whatever the engine's database holds: creates the tables when it is new, checks and
 * repairs a kept dataset otherwise, and brings the post-load tables up to date (a no-op when
 * nothing changed since they were kept).
 */
export async function openDataset(engine: Engine): Promise<OpenedDataset> {
  // One transaction: a kept database commits (and flushes its log to storage) once, not per statement.
  await engine.exec('BEGIN TRANSACTION');
  try {
    const opened = await checkAndOpen(engine);
    await engine.exec('COMMIT');
    return opened;
  } catch (error) {
    await engine.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function checkAndOpen(engine: Engine): Promise<OpenedDataset> {
  const meta = await readMeta(engine);
  const keptSchema = meta.get('event_schema');
  if (keptSchema !== undefined && keptSchema !== EVENT_SCHEMA) return { kind: 'incompatible' };
  await engine.exec(datasetSetupSql());
  if (keptSchema === undefined) await writeMeta(engine, 'event_schema', EVENT_SCHEMA);
  const interruptedRows = await removeInterruptedRows(engine);
  // Rows were removed, not appended: the derived tables are rebuilt whole.
  if (interruptedRows > 0) await engine.exec(NEW_GENERATION_SQL);
  await finalizeLoad(engine);
  const kept = await readKeptFiles(engine);
  return kept.files === 0 ? { kind: 'empty' } : { kind: 'restored', kept, interruptedRows };
}

/** Where the ingest counters continue after the rows already stored. */
export interface LoadCounters {
  nextFileId: number;
  nextSeq: number;
  retrievalIds: string[];
  /** The files loaded whole, by fingerprint, with their names. */
  loadedFiles: [fingerprint: string, name: string][];
}

export async function readLoadCounters(engine: Engine): Promise<LoadCounters> {
  const [row] = await run(engine,
    `SELECT (SELECT coalesce(max(file_id), 0) + 1 FROM files)::INTEGER AS next_file_id,
            (SELECT coalesce(max(seq), -1) + 1 FROM events)::INTEGER AS next_seq`,
    { next_file_id: 'number', next_seq: 'number' },
  );
  const ids = await run(engine, 'SELECT retrieval_id FROM events_retrieval', { retrieval_id: 'string' });
  const files = await run(engine, 'SELECT fingerprint, name FROM files WHERE fingerprint IS NOT NULL ORDER BY file_id', { fingerprint: 'string', name: 'string' });
  return {
    nextFileId: row.next_file_id, nextSeq: row.next_seq, retrievalIds: ids.map((id) => id.retrieval_id),
    loadedFiles: files.map((file): [string, string] => [file.fingerprint, file.name]),
  };
}
