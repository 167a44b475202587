import type { Engine } from '../engine';

/** For tests: `engine` itself, recording the text of every statement that reaches it, in order. */
export function recordStatements(engine: Engine): { engine: Engine; ran: string[] } {
  const ran: string[] = [];
  const recording: Engine = {
    query: (sql, params) => (ran.push(sql), engine.query(sql, params)),
    exec: (sql) => (ran.push(sql), engine.exec(sql)),
    insertArrowIPC: (table, ipc) => engine.insertArrowIPC(table, ipc),
    close: () => engine.close(),
  };
  return { engine: recording, ran };
}
