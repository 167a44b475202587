import type { Table } from 'apache-arrow';
import type { SqlValue } from './engine';

/** What a connection's prepared statement offers (duckdb-wasm's AsyncPreparedStatement). */
export interface PreparedStatement {
  query(...params: unknown[]): Promise<Table>;
  close(): Promise<void>;
}

interface Entry {
  statement: Promise<PreparedStatement>;
  users: number;
}

/**
 * A connection's prepared statements by SQL text, the `limit` last used kept open: a statement
 * run again with other values (a session's summary row, its event types) is planned once, and
 * runs in one message to the engine's worker instead of three (prepare, run, close). DuckDB
 * binds a kept statement again when a table it reads was replaced. A statement is closed
 * when it falls out, once no run uses it, without waiting: the worker answers in order.
 */
export class PreparedStatements {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly prepare: (sql: string) => Promise<PreparedStatement>, private readonly limit = 32) {}

  async run(sql: string, params: readonly SqlValue[]): Promise<Table> {
    const entry = this.take(sql);
    entry.users += 1;
    try {
      return await (await entry.statement).query(...params);
    } catch (error) {
      // a failed statement is planned again next time (its tables may exist by then)
      if (this.entries.get(sql) === entry) this.entries.delete(sql);
      throw error;
    } finally {
      entry.users -= 1;
      if (entry.users === 0 && this.entries.get(sql) !== entry) close(entry);
    }
  }

  /** How many statements are open (tests). */
  get size(): number {
    return this.entries.size;
  }

  private take(sql: string): Entry {
    const kept = this.entries.get(sql);
    if (kept) {
      this.entries.delete(sql);
      this.entries.set(sql, kept);
      return kept;
    }
    const entry: Entry = { statement: this.prepare(sql), users: 0 };
    this.entries.set(sql, entry);
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.limit) break;
      this.entries.delete(oldest);
      if (old.users === 0) close(old);
    }
    return entry;
  }
}

function close(entry: Entry): void {
  entry.statement.then((statement) => statement.close()).catch(() => undefined);
}
