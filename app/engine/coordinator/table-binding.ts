import type { Engine } from '../engine';
import type { SqlQuery } from '../sql/core/sql-query';
import { ident } from '../sql/core/quote';

const WITH_CLAUSE = /^\s*WITH(\s+RECURSIVE)?\s+/i;

/**
 * `sql` with `alias` bound to `table` for this statement alone: a leading CTE of that name, which
 * DuckDB resolves before any table, inlined (NOT MATERIALIZED) so that reading it costs nothing.
 */
export function bindTableSql(sql: string, alias: string, table: string): string {
  return bindSql(sql, alias, `FROM ${ident(table)}`);
}

function bindSql(sql: string, alias: string, body: string): string {
  const binding = `${ident(alias)} AS NOT MATERIALIZED (${body})`;
  const withClause = WITH_CLAUSE.exec(sql);
  return withClause ? `${withClause[0]}${binding}, ${sql.slice(withClause[0].length)}` : `WITH ${binding}\n${sql}`;
}

/**
 * The engine as seen by builders that read a settings-free name (`retrieval_facts`): each of its
 * queries reads `table` under that name. Builders keep one name; the caller picks the table.
 */
export function bindTable(engine: Engine, alias: string, table: string): Engine {
  return withQueries(engine, (sql, params) => engine.query(bindTableSql(sql, alias, table), params));
}

/**
 * The engine on which each query that names `alias` reads `select` under it, inlined: DuckDB
 * pushes a statement's filters into it, so a statement that reads the rows of one session computes
 * those alone. `select`'s values come first (its CTE leads the statement). Other queries run as
 * they are: binding and planning an unused CTE of that size cost ~10 ms a statement at 1M events.
 */
export function bindQuery(engine: Engine, alias: string, select: SqlQuery): Engine {
  const names = new RegExp(`\\b${alias}\\b`);
  return withQueries(engine, (sql, params = []) =>
    names.test(sql) ? engine.query(bindSql(sql, alias, select.sql), [...select.params, ...params]) : engine.query(sql, params));
}

/** `engine` with its queries made by `query`; its other calls its own, except closing it. */
function withQueries(engine: Engine, query: Engine['query']): Engine {
  return {
    query,
    exec: (sql) => engine.exec(sql),
    insertArrowIPC: (name, ipc) => engine.insertArrowIPC(name, ipc),
    close: () => Promise.reject(new Error('a bound view of the engine cannot close it')),
  };
}
