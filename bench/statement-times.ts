import type { Engine, SqlValue } from '../app/engine/engine';

/** Times by name, in the order first seen: each statement's, and each phase's of a bench script. */
export class StatementTimes {
  readonly byName = new Map<string, number[]>();

  add(name: string, ms: number): void {
    const values = this.byName.get(name);
    if (values) values.push(ms);
    else this.byName.set(name, [ms]);
  }

  /** The engine whose every statement's time is added under `nameOf(sql)` (asked when it ends). */
  timed(engine: Engine, nameOf: (sql: string) => string): Engine {
    const record = async <T>(sql: string, work: () => Promise<T>) => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        this.add(nameOf(sql), performance.now() - started);
      }
    };
    return {
      query: (sql: string, params?: readonly SqlValue[]) => record(sql, () => engine.query(sql, params)),
      exec: (sql: string) => record(sql, () => engine.exec(sql)),
      insertArrowIPC: (name, ipc) => engine.insertArrowIPC(name, ipc),
      close: () => engine.close(),
    };
  }
}
