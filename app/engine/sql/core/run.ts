import type { Engine } from '../../engine';
import { checkedRows, type RowOf, type RowSpec } from './row-spec';
import type { SqlQuery } from './sql-query';

/** Runs a query and returns its rows, checked once against the spec of its columns (row-spec.ts). */
export async function run<S extends RowSpec>(engine: Engine, query: SqlQuery | string, spec: S): Promise<RowOf<S>[]> {
  const { sql, params } = typeof query === 'string' ? { sql: query, params: [] } : query;
  return checkedRows(await engine.query(sql, params), spec, sql);
}
