import type { Engine, SqlValue } from '../engine';
import { ident } from '../sql/core/quote';

const WITH_CLAUSE = /^\s*WITH(\s+RECURSIVE)?\s+/i;

/**
 * `sql` with `alias` bound to `table` for this statement alone: a leading CTE of that name, which
 * DuckDB resolves before any table, inlined (NOT MATERIALIZED) so that reading it costs nothing.
 */
export function bindTableSql(sql: string, alias: string, table: string): string {
  const binding = `${ident(alias)} AS NOT MATERIALIZED (FROM ${ident(table)})`;
  const withClause = WITH_CLAUSE.exec(sql);
  return withClause ? `${withClause[0]}${binding}, ${sql.slice(withClause[0].length)}` : `WITH ${binding}\n${sql}`;
}

/**
 * The engine as seen by builders that read a settings-free name (`retrieval_facts`): each of its
 * queries reads `table` under that name. Builders keep one name; the caller picks the table.
 */
export function bindTable(engine: Engine, alias: string, table: string): Engine {
  return {
    query(sql: string, params?: readonly SqlValue[]) {
      return engine.query(bindTableSql(sql, alias, table), params);
    },
    exec: (sql) => engine.exec(sql),
    insertArrowIPC: (name, ipc) => engine.insertArrowIPC(name, ipc),
    close: () => Promise.reject(new Error('a bound view of the engine cannot close it')),
  };
}
