import type { Engine, SqlValue, UntypedRow } from '../engine';
import type { ResultCache } from './result-cache';

/**
 * The engine for a running job: once `signal` fires, its next statement rejects with the signal's
 * reason instead of starting. The statement running then finishes, unless the engine restarts or,
 * with `endsStatements`, it is an `exec` the engine can end early (Engine.exec's signal).
 */
export function stopsWhenAborted(engine: Engine, signal: AbortSignal, endsStatements = false): Engine {
  const unlessAborted = <T>(next: () => Promise<T>) => (signal.aborted ? Promise.reject(signal.reason) : next());
  return {
    query: (sql, params) => unlessAborted(() => engine.query(sql, params)),
    exec: (sql) => unlessAborted(() => engine.exec(sql, endsStatements ? signal : undefined)),
    insertArrowIPC: (table, ipc) => unlessAborted(() => engine.insertArrowIPC(table, ipc)),
    close: () => engine.close(),
  };
}

/** A statement that only reads; anything else (a scratch table a read job builds) is a write. */
const READS_ONLY = /^\s*(SELECT|WITH|FROM|VALUES|\()/i;
const WRITES = /\b(INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM|(CREATE|DROP|ALTER)\s+(OR\s+REPLACE\s+)?(TEMP\w*\s+)?(TABLE|VIEW))\b/i;
const readsOnly = (sql: string) => READS_ONLY.test(sql) && !WRITES.test(sql);

/** The cache key of a statement's rows: the version it read, its text and its values (a number apart from its text). */
const statementKey = (version: number, sql: string, params: readonly SqlValue[] = []) =>
  JSON.stringify([version, sql, params.map((value) => (typeof value === 'number' ? { n: String(value) } : value))]);

export interface CachingEngine {
  engine: Engine;
  /** Keeps the rows the job read, unless it wrote. Call when the job has ended well. */
  keep(): void;
}

/**
 * The engine of a read job of `version`: a statement that only reads is answered from `cache`
 * when this version read it before. The rows it reads are kept once the job ends (`keep`), as
 * copies: a caller may sort or change the rows it gets. A job that writes keeps nothing and
 * empties the cache (`onWrite`): what was read before the write may no longer hold, and from
 * then on the job reads the engine.
 */
export function cachingReads(engine: Engine, cache: ResultCache<unknown>, version: number, onWrite: () => void): CachingEngine {
  const read = new Map<string, unknown>();
  let wrote = false;
  const write = <T>(next: () => Promise<T>) => {
    if (!wrote) onWrite();
    wrote = true;
    return next();
  };
  return {
    engine: {
      async query(sql: string, params?: readonly SqlValue[]) {
        if (!readsOnly(sql)) return write(() => engine.query(sql, params));
        const key = statementKey(version, sql, params);
        const cached = wrote ? undefined : cache.get(key);
        if (cached !== undefined) return structuredClone(cached) as UntypedRow[];
        const rows = await engine.query(sql, params);
        read.set(key, structuredClone(rows));
        return rows;
      },
      exec: (sql) => write(() => engine.exec(sql)),
      insertArrowIPC: (table, ipc) => write(() => engine.insertArrowIPC(table, ipc)),
      close: () => engine.close(),
    },
    keep() {
      if (!wrote) for (const [key, rows] of read) cache.set(key, rows);
    },
  };
}
