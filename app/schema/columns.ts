import { EVENT_FIELDS, EVENT_FIELD_NAMES } from './fields';

/** Storage kinds of table columns; `ts` is stored as epoch milliseconds (a double). */
export type ColumnKind = 'string' | 'number' | 'int' | 'boolean' | 'strings' | 'numbers';

export interface ColumnSpec {
  name: string;
  kind: ColumnKind;
}

/** The `events` table: provenance, every schema field, then the unknown fields as JSON text. */
export const EVENT_COLUMNS: ColumnSpec[] = [
  { name: 'file_id', kind: 'int' },
  { name: 'line', kind: 'int' },
  { name: 'seq', kind: 'int' },
  ...EVENT_FIELD_NAMES.map((name) => {
    const kind = EVENT_FIELDS[name];
    return { name, kind: kind === 'ts' ? 'number' : kind } as ColumnSpec;
  }),
  { name: 'extra', kind: 'string' },
];

/** The `rejected` table: lines that were not stored as events, with why. */
export const REJECTED_COLUMNS: ColumnSpec[] = [
  { name: 'file_id', kind: 'int' },
  { name: 'file', kind: 'string' },
  { name: 'line', kind: 'int' },
  { name: 'severity', kind: 'string' },
  { name: 'reason', kind: 'string' },
  { name: 'field', kind: 'string' },
  { name: 'message', kind: 'string' },
  { name: 'raw', kind: 'string' },
];

export const SQL_TYPE: Record<ColumnKind, string> = {
  string: 'VARCHAR',
  number: 'DOUBLE',
  int: 'INTEGER',
  boolean: 'BOOLEAN',
  strings: 'VARCHAR[]',
  numbers: 'DOUBLE[]',
};
