import type { SqlValue } from '../engine';

/** A statement for ClickHouse: `{pN:Type}` placeholders and their values by name. */
export interface ClickHouseStatement {
  sql: string;
  params: Record<string, string | number | boolean>;
}

/**
 * The declared type of a bound value, from its JS type: ClickHouse checks a parameter against
 * the type written in its placeholder, so the type comes with the value, never from the SQL.
 */
function parameterType(value: string | number | boolean): string {
  if (typeof value === 'string') return 'String';
  if (typeof value === 'boolean') return 'Bool';
  return Number.isSafeInteger(value) ? 'Int64' : 'Float64';
}

/**
 * DuckDB-style placeholders (`?` in order, or `$1`, `$2`, …) → ClickHouse query parameters
 * `{p1:String}`, bound server-side: a value never becomes SQL text. NULL is the one value
 * written inline, as the literal `NULL`: a parameter needs one type, and a typed NULL
 * (`Nullable(String)`) would not mix with a number where `NULL` does. Placeholders inside
 * quoted strings, quoted names and comments are left alone.
 */
export function toClickHouseParameters(sql: string, values: readonly SqlValue[]): ClickHouseStatement {
  const params: ClickHouseStatement['params'] = {};
  let out = '';
  let next = 0;
  const bind = (index: number): string => {
    if (index < 0 || index >= values.length) throw new Error(`placeholder ${index + 1} has no value (${values.length} given)`);
    const value = values[index];
    if (value === null) return 'NULL';
    const name = `p${index + 1}`;
    params[name] = value;
    return `{${name}:${parameterType(value)}}`;
  };
  let i = 0;
  while (i < sql.length) {
    const char = sql[i];
    const end = skipQuotedOrComment(sql, i);
    if (end > i) {
      out += sql.slice(i, end);
      i = end;
    } else if (char === '?') {
      out += bind(next++);
      i += 1;
    } else if (char === '$' && /\d/.test(sql[i + 1] ?? '')) {
      const digits = /^\d+/.exec(sql.slice(i + 1))![0];
      out += bind(Number(digits) - 1);
      i += 1 + digits.length;
    } else {
      out += char;
      i += 1;
    }
  }
  return { sql: out, params };
}

/** The end of a quoted text or comment starting at `i`, or `i` when none starts there. */
function skipQuotedOrComment(sql: string, i: number): number {
  const char = sql[i];
  if (char === "'" || char === '"' || char === '`') {
    let j = i + 1;
    while (j < sql.length) {
      if (sql[j] === '\\') j += 2;
      else if (sql[j] === char && sql[j + 1] === char) j += 2;
      else if (sql[j] === char) return j + 1;
      else j += 1;
    }
    return sql.length;
  }
  if (char === '-' && sql[i + 1] === '-') {
    const newline = sql.indexOf('\n', i);
    return newline === -1 ? sql.length : newline;
  }
  if (char === '/' && sql[i + 1] === '*') {
    const close = sql.indexOf('*/', i + 2);
    return close === -1 ? sql.length : close + 2;
  }
  return i;
}
