import type { FileIngestResult } from '../ingest/ingest-file';
import type { Engine } from './engine';
import { CLEAR_SQL, EVENT_TABLES, schemaSql } from './sql/ddl';
import { ident } from './sql/quote';
import { POST_LOAD_SQL } from './sql/post-load';

export async function initDataset(engine: Engine): Promise<void> {
  await engine.exec(schemaSql());
  await engine.exec(POST_LOAD_SQL);
}

export async function recordFile(engine: Engine, file: FileIngestResult): Promise<void> {
  await engine.query(
    `INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [file.fileId, file.fileName, file.bytes, file.events, file.rejected, file.blankLines, file.error, Date.now()],
  );
}

/** Removes what a cancelled file had inserted so far. */
export async function forgetFile(engine: Engine, fileId: number): Promise<void> {
  for (const table of [...EVENT_TABLES, 'rejected', 'files']) {
    await engine.query(`DELETE FROM ${ident(table)} WHERE file_id = ?`, [fileId]);
  }
}

/** Rebuilds the tables derived from all loaded events; call after every load. */
export async function finalizeLoad(engine: Engine): Promise<void> {
  await engine.exec(POST_LOAD_SQL);
}

export async function clearDataset(engine: Engine): Promise<void> {
  await engine.exec(CLEAR_SQL);
  await engine.exec(POST_LOAD_SQL);
}
