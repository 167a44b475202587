import type { AsyncDuckDB } from '@duckdb/duckdb-wasm';

/**
 * The dataset kept across reloads: DuckDB's own database file in the Origin Private File
 * System, opened through DuckDB-wasm's `opfs://` support (a synchronous access handle in the
 * engine worker, which one tab at a time may hold).
 */
export const KEPT_DB = { file: 'retrieval-inspector.db', path: 'opfs://retrieval-inspector.db' };
const KEPT_FILES = [KEPT_DB.file, `${KEPT_DB.file}.wal`];

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
export function storageFailure(error: unknown): { kind: 'locked' | 'full' | 'damaged' | 'io' | 'unavailable'; message: string } {
  const text = String((error as Error)?.message ?? error);
  if (/Access Handles cannot be created|NoModificationAllowed/i.test(text)) {
    return { kind: 'locked', message: 'the kept logs are open in another tab of this browser' };
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
 * while another tab holds it; that tab checkpoints after every load, so the file is whole.
 */
export async function copyKeptDatabase(db: AsyncDuckDB): Promise<void> {
  const [main, wal] = await Promise.all(KEPT_FILES.map(keptFile));
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

/** Removes the kept files; the engine worker that held them must be terminated first (its lock goes with it, soon after). */
export async function removeKeptFiles(): Promise<void> {
  const root = await navigator.storage.getDirectory();
  for (const name of KEPT_FILES) {
    for (let attempt = 0; ; attempt++) {
      try {
        await root.removeEntry(name);
        break;
      } catch (error) {
        if ((error as Error).name === 'NotFoundError') break;
        if (attempt >= 100) throw new Error(`${name} could not be removed from the browser's storage: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }
}
