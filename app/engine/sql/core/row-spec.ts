import type { ColumnKind as StoredKind, ColumnSpec } from '../../../schema/columns';

/**
 * A result's columns and what each holds, as every engine returns it (engine.ts): text as
 * strings; integers of any width, doubles and times (epoch milliseconds) as numbers (a DECIMAL
 * is cast to DOUBLE in the SQL: DuckDB-wasm reads it as an object); booleans as booleans; lists
 * as arrays. `json` is any value (a struct, a list of structs).
 */
type Kind = 'string' | 'number' | 'boolean' | 'string[]' | 'number[]' | 'json';

/** A column's kind; `…|null` when the column may hold NULL. */
export type ColumnKind = Kind | `${Kind}|null`;

/** Column name → kind, e.g. `{ session_id: 'string', n: 'number', ended: 'number|null' }`. */
export type RowSpec = Readonly<Record<string, ColumnKind>>;

interface KindValue {
  string: string;
  number: number;
  boolean: boolean;
  'string[]': string[];
  'number[]': number[];
  json: unknown;
}

type ValueOf<K> = K extends `${infer Base extends Kind}|null` ? KindValue[Base] | null : K extends Kind ? KindValue[K] : never;

declare const ROW: unique symbol;

/** A spec written for a row type declared elsewhere (model/ holds the rows its functions take): `specOf`. */
type SpecOfRow<Row> = { readonly [ROW]: Row };

/** The row a spec describes: the declared row of a `specOf` spec, else each column's kind as its value. */
export type RowOf<S extends RowSpec> = S extends SpecOfRow<infer Row> ? Row : { -readonly [C in keyof S]: ValueOf<S[C]> };

type BaseKindOf<T> = [T] extends [string] ? 'string' : [T] extends [number] ? 'number' : [T] extends [boolean] ? 'boolean'
  : [T] extends [readonly string[]] ? 'string[]' : [T] extends [readonly number[]] ? 'number[]' : 'json';

/** The kind a value of type T is read as: `number | null` → 'number|null'; a literal union of strings → 'string'. */
type KindOf<T> = null extends T ? `${BaseKindOf<Exclude<T, null | undefined>>}|null` | 'json' : BaseKindOf<Exclude<T, undefined>> | 'json';

/** A spec that names every (required) field of Row with the kind its type is read as. */
export type SpecFor<Row> = { readonly [C in keyof Row]: KindOf<Row[C]> };

/** A spec for a row type declared elsewhere: the compiler holds the two in step (a missing field or a wrong kind fails to build). */
export const specOf = <Row>() => <S extends SpecFor<Row>>(spec: S): S & SpecOfRow<Row> => spec as S & SpecOfRow<Row>;

/**
 * A spec that checks only some columns of a row declared elsewhere, for a row of dozens of
 * columns made from the schema (`SessionEvent`: schema/fields.ts) where the key columns say
 * whether the statement is the one meant.
 */
export const someColumnsOf = <Row>() => <S extends Partial<SpecFor<Row>>>(spec: S): S & SpecOfRow<Row> => spec as S & SpecOfRow<Row>;

const STORED_KIND: Record<StoredKind, Kind> = { string: 'string', number: 'number', int: 'number', boolean: 'boolean', strings: 'string[]', numbers: 'number[]' };

/** The spec of stored columns as schema/columns.ts declares them, each NULL-able. */
export const specOfColumns = (columns: readonly ColumnSpec[]): RowSpec =>
  Object.fromEntries(columns.map((column) => [column.name, `${STORED_KIND[column.kind]}|null`]));

const KIND_TEST: Record<Kind, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
  'string[]': (value) => Array.isArray(value) && (value.length === 0 || typeof value[0] === 'string'),
  'number[]': (value) => Array.isArray(value) && (value.length === 0 || typeof value[0] === 'number'),
  json: () => true,
};

function kindFound(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${kindFound(value[0])}`;
  return value === null ? 'null' : typeof value;
}

/** The first line of a statement, to name it in an error. */
const firstLine = (sql: string) => sql.trim().split('\n', 1)[0];

/**
 * Checks a result against its spec once: every named column is in the first row, and each
 * column's first non-null value has the column's kind. Throws naming the statement's first line,
 * the column, the kind expected and the kind found. An empty result has nothing to check (the
 * engines return rows, not a schema).
 */
export function checkRows(rows: readonly Record<string, unknown>[], spec: RowSpec, sql: string): void {
  if (rows.length === 0) return;
  for (const [column, kind] of Object.entries(spec)) {
    if (!(column in rows[0])) {
      throw new Error(`${firstLine(sql)}: no column "${column}" in the result (it has ${Object.keys(rows[0]).join(', ')})`);
    }
    const base = kind.replace('|null', '') as Kind;
    const value = rows.find((row) => row[column] != null)?.[column];
    if (value != null && !KIND_TEST[base](value)) {
      throw new Error(`${firstLine(sql)}: column "${column}" should hold ${base} but holds ${kindFound(value)}`);
    }
  }
}

/** Rows read untyped (an engine's result, engine.ts), checked against their spec (`checkRows`) and typed by it. */
export function checkedRows<S extends RowSpec>(rows: readonly Record<string, unknown>[], spec: S, sql: string): RowOf<S>[] {
  checkRows(rows, spec, sql);
  return rows as RowOf<S>[];
}
