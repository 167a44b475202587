import type { Engine } from '../engine';

/** A ClickHouse engine (chdb in-process or a server over HTTP): the Engine's SQL is ClickHouse's. */
export interface ClickHouseEngine extends Engine {
  /** Appends plain rows (column name → value; lists as arrays) as JSONEachRow; a missing column takes its default. */
  insertRows(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
}
