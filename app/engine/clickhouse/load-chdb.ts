import { requireOptionalPackage } from './optional-package';

/** The part of chdb's `Session` (chdb 3.4) the engine uses. */
export interface ChdbSession {
  queryAsync(query: string, options?: { format?: string }): Promise<ChdbResult>;
  queryBindAsync(query: string, params: Record<string, unknown>, options?: { format?: string }): Promise<ChdbResult>;
  insert(params: { table: string; values: string | Uint8Array; format: 'JSONEachRow' }): Promise<unknown>;
  close(): void;
}

export interface ChdbResult {
  text(): string;
}

export interface ChdbModule {
  Session: new (path?: string, options?: { connectionArgs?: string[] }) => ChdbSession;
}

/** Whether the chdb tests run: they install the ~550 MB package on demand only when asked to. */
export const CHDB_TESTS_ENABLED = process.env.RI_CHDB === '1';
export const CHDB_SKIP_MESSAGE = 'chdb tests skipped: set RI_CHDB=1 to run them (installs chdb, ~550 MB, into .cache/chdb once)';

/** chdb (embedded ClickHouse) from `.cache/chdb`, installed first when `install` is set. */
export const loadChdb = (options: { install?: boolean } = {}) => requireOptionalPackage<ChdbModule>('chdb', options);
