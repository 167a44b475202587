/** A value bound to a `?` placeholder. */
export type SqlValue = string | number | boolean | null;

/** A row as an engine returns it, unchecked: `run()` (sql/core/run.ts) reads it against a row spec. */
export type UntypedRow = Record<string, unknown>;

/**
 * The one door to the database. The browser runs DuckDB-wasm in a worker; Node runs the same
 * wasm build in-process (tests, the command line's default), native DuckDB (`--engine native`)
 * or ClickHouse (`--engine clickhouse`: a server or embedded chdb). All take the same SQL (for
 * ClickHouse through sql/dialect.ts), so tests and the command line run the browser's queries.
 * The five engines and when each runs: README.md in this folder.
 */
export interface Engine {
  /** Rows as plain objects: lists become arrays, 64-bit integers become numbers. */
  query(sql: string, params?: readonly SqlValue[]): Promise<UntypedRow[]>;
  /**
   * With `signal`, the browser's engine ends the statement early once it fires (rolled back; the
   * call rejects), unless it ended first; the other engines run it to its end.
   */
  exec(sql: string, signal?: AbortSignal): Promise<void>;
  /** Appends an Arrow IPC stream to an existing table with the same columns. */
  insertArrowIPC(table: string, ipc: Uint8Array): Promise<void>;
  close(): Promise<void>;
}
