import type { SqlValue } from '../../engine';
import { DUCKDB, type SqlDialect } from '../dialect';
import { ident } from './quote';

/** A statement (or a fragment of one) with its `?` values in order. */
export interface SqlQuery {
  sql: string;
  params: SqlValue[];
}

const isQuery = (value: unknown): value is SqlQuery =>
  typeof value === 'object' && value !== null && 'sql' in value && 'params' in value;

/**
 * Builds SQL from a template: an interpolated value becomes a bound `?`, an interpolated
 * SqlQuery is spliced in with its own values. Identifiers are written in the template itself,
 * so nothing a user typed ever becomes SQL text.
 */
export function sql(strings: TemplateStringsArray, ...values: (SqlValue | SqlQuery)[]): SqlQuery {
  let text = strings[0];
  const params: SqlValue[] = [];
  values.forEach((value, index) => {
    if (isQuery(value)) {
      text += value.sql;
      params.push(...value.params);
    } else {
      text += '?';
      params.push(value);
    }
    text += strings[index + 1];
  });
  return { sql: text, params };
}

/** `(?, ?, …)` for an IN list; `(NULL)` when empty, which matches nothing. */
export function valueList(values: readonly SqlValue[]): SqlQuery {
  if (values.length === 0) return { sql: '(NULL)', params: [] };
  return { sql: `(${values.map(() => '?').join(', ')})`, params: [...values] };
}

/** `[?, ?, …]::VARCHAR[]`, a bound list of strings. */
export function valueArray(values: readonly string[], dialect: SqlDialect = DUCKDB): SqlQuery {
  return { sql: dialect.stringList(values.map(() => '?')), params: [...values] };
}

export function joinSql(parts: SqlQuery[], separator: string): SqlQuery {
  return { sql: parts.map((part) => part.sql).join(separator), params: parts.flatMap((part) => part.params) };
}

/** A trusted SQL text with no values (a table name chosen by code, never by input). */
export const rawSql = (text: string): SqlQuery => ({ sql: text, params: [] });

/** A name chosen by code (a table, a column), quoted as an identifier. */
export const identifier = (name: string): SqlQuery => rawSql(ident(name));

/** Names chosen by code, each quoted, comma-separated: a column list. */
export const identifiers = (names: readonly string[]): SqlQuery => rawSql(names.map(ident).join(', '));
