import type { AsyncDuckDB } from '@duckdb/duckdb-wasm';

import { keptFileName } from './kept-manifest';
import { errorMessage } from '../lib/error-message';

/**
 * The dataset kept across reloads: DuckDB's own database file in the Origin Private File
 * System (kept-manifest.ts names it), opened through DuckDB-wasm's `opfs://` support (a
 * synchronous access handle in the engine worker). One tab at a time keeps: the one holding
 * the page-wide lock `KEEPER_LOCK`; the others read a copy.
 */
const KEEPER_LOCK = 'retrieval-inspector:keeps-the-dataset';

/** Takes the keeper's lock for the life of this page; false when another tab holds it. */
export function becomeKeeper(): Promise<boolean> {
  if (typeof navigator.locks?.request !== 'function') return Promise.resolve(true);
  return new Promise<boolean>((granted) => {
    void navigator.locks.request(KEEPER_LOCK, { ifAvailable: true }, (lock) => {
      granted(lock !== null);
      // Held until the page goes.
      return lock === null ? undefined : new Promise<never>(() => undefined);
    });
  });
}

export type StorageMode = 'kept' | 'copy' | 'memory';

export interface EngineStorage {
  /** kept: in the browser's storage; copy: a copy in memory of what another tab keeps; memory: nothing kept. */
  mode: StorageMode;
  /** Why the dataset is not kept, in words (null when kept, or when keeping was not asked for). */
  reason: string | null;
}

export const opfsAvailable = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function' && window.isSecureContext;

/**
 * What went wrong with the browser's storage, in words a user can act on. `io` and `full` are
 * failures of the database's own file during use, as opposed to a bad input file.
 */
/** Why a tab reads a copy: another tab keeps the dataset. */
export const KEPT_ELSEWHERE = 'the kept logs are open in another tab of this browser';

export function storageFailure(error: unknown): { kind: 'locked' | 'full' | 'damaged' | 'io' | 'unavailable'; message: string } {
  const text = errorMessage(error);
  if (/Access Handles cannot be created|NoModificationAllowed/i.test(text)) {
    return { kind: 'locked', message: KEPT_ELSEWHERE };
  }
  if (/quota|QuotaExceeded|no space|disk is full|refused to store/i.test(text)) {
    return { kind: 'full', message: "the browser's storage for this page is full" };
  }
  if (/not a valid DuckDB database|corrupt/i.test(text)) {
    return { kind: 'damaged', message: 'the kept logs were damaged (an interrupted write) and were removed' };
  }
  const message = `the browser's storage could not be used (${text.split('\n')[0]})`;
  return { kind: /IO Error|FileSystem|SyncAccessHandle|Could not (write|read)/i.test(text) ? 'io' : 'unavailable', message };
}

async function keptFile(name: string): Promise<File | null> {
  const root = await navigator.storage.getDirectory();
  try {
    return await (await root.getFileHandle(name)).getFile();
  } catch {
    return null;
  }
}

/**
 * Copies the kept database into the (in-memory) database `db` has open. Reading the file works
 * while another tab holds it: the manifest names only a complete file.
 */
export async function copyKeptDatabase(db: AsyncDuckDB): Promise<void> {
  const name = await keptFileName();
  const [main, wal] = await Promise.all([keptFile(name), keptFile(`${name}.wal`)]);
  if (!main || main.size === 0) return;
  await db.registerFileBuffer('kept-copy.db', new Uint8Array(await main.arrayBuffer()));
  if (wal && wal.size > 0) await db.registerFileBuffer('kept-copy.db.wal', new Uint8Array(await wal.arrayBuffer()));
  const connection = await db.connect();
  try {
    await connection.query(`ATTACH 'kept-copy.db' AS kept_copy (READ_ONLY)`);
    await connection.query('COPY FROM DATABASE kept_copy TO memory');
    await connection.query('DETACH kept_copy');
  } finally {
    await connection.close();
    await db.dropFiles();
  }
}
