import { COMMON_FIELDS, EVENT_TYPES, EVENT_TYPE_NAMES, type EventType } from './event-types';
import { EVENT_FIELDS, EVENT_FIELD_NAMES, type EventFieldName } from './fields';

/** Storage kinds of table columns; `ts` is stored as epoch milliseconds (a double). */
export type ColumnKind = 'string' | 'number' | 'int' | 'boolean' | 'strings' | 'numbers';

/** One value of a column as the ingest collects it; null or undefined is a null. */
export type Cell = string | number | boolean | string[] | number[] | null | undefined;

export interface ColumnSpec {
  name: string;
  kind: ColumnKind;
}

const fieldColumn = (name: EventFieldName): ColumnSpec => {
  const kind = EVENT_FIELDS[name];
  return { name, kind: kind === 'ts' ? 'number' : kind === 'stages' ? 'string' : kind };
};
const PROVENANCE: ColumnSpec[] = [
  { name: 'file_id', kind: 'int' },
  { name: 'line', kind: 'int' },
  { name: 'seq', kind: 'int' },
];
const EXTRA: ColumnSpec = { name: 'extra', kind: 'string' };

/** The `events` view: provenance, every schema field, then the unknown fields as JSON text. */
export const EVENT_COLUMNS: ColumnSpec[] = [...PROVENANCE, ...EVENT_FIELD_NAMES.map(fieldColumn), EXTRA];

/**
 * Each event type is stored in its own table with only its own columns: DuckDB's Arrow insert
 * costs per column, null or not, so a 60-column table of mostly nulls loads ~3x slower.
 */
export const TYPE_COLUMNS = Object.fromEntries(
  EVENT_TYPE_NAMES.map((type) => [type, [...PROVENANCE, ...[...new Set([...COMMON_FIELDS, ...EVENT_TYPES[type].fields])].map(fieldColumn), EXTRA]]),
) as Record<EventType, ColumnSpec[]>;

export const typeTable = (type: EventType) => `events_${type}`;

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

/**
 * The `spans` table: OpenTelemetry spans no event type covers (ingest/otlp/otlp-mapping.ts
 * `UnmappedSpan`), kept for the session timeline. Not events: no metric counts them. `seq` orders
 * the spans of one file.
 */
export const SPAN_COLUMNS: ColumnSpec[] = [
  { name: 'file_id', kind: 'int' },
  { name: 'line', kind: 'int' },
  { name: 'seq', kind: 'int' },
  { name: 'trace_id', kind: 'string' },
  { name: 'span_id', kind: 'string' },
  { name: 'parent_span_id', kind: 'string' },
  { name: 'session_id', kind: 'string' },
  { name: 'user_id', kind: 'string' },
  { name: 'name', kind: 'string' },
  { name: 'kind', kind: 'string' },
  { name: 'ts', kind: 'number' },
  { name: 'end_ts', kind: 'number' },
  { name: 'status', kind: 'string' },
  { name: 'attributes', kind: 'string' },
];

export const SQL_TYPE: Record<ColumnKind, string> = {
  string: 'VARCHAR',
  number: 'DOUBLE',
  int: 'INTEGER',
  boolean: 'BOOLEAN',
  strings: 'VARCHAR[]',
  numbers: 'DOUBLE[]',
};
