import { EVENT_COLUMNS, REJECTED_COLUMNS, TYPE_COLUMNS, typeTable, type ColumnSpec } from '../../schema/columns';
import type { EventType } from '../../schema/event-types';
import { PROVENANCE_COLUMNS } from '../../schema/fields';
import { specOf, specOfColumns } from './core/row-spec';
import { identifier, identifiers, sql, type SqlQuery } from './core/sql-query';

/**
 * What a dataset export holds: every event with its own fields and `extra` (not where this load
 * found it: file, line and seq belong to the load), and every rejected row with its original file
 * and line (not the load's file id).
 */
export const EXPORTED_EVENT_COLUMNS: ColumnSpec[] = EVENT_COLUMNS.filter((column) => !Object.hasOwn(PROVENANCE_COLUMNS, column.name));
export const EXPORTED_REJECTED_COLUMNS: ColumnSpec[] = REJECTED_COLUMNS.filter((column) => column.name !== 'file_id');

const columnList = (columns: ColumnSpec[]) => identifiers(columns.map((column) => column.name));

/** The range to page through: events by `seq` (load order), rejected rows by `rowid` (insertion order). */
export interface ExportRange {
  first: number | null;
  last: number | null;
  rows: number;
}

export const EXPORT_RANGE_ROW = specOf<ExportRange>()({ first: 'number|null', last: 'number|null', rows: 'number' });

export const EVENTS_RANGE_SQL = 'SELECT min(seq)::DOUBLE AS first, max(seq)::DOUBLE AS last, count(*)::INTEGER AS rows FROM events';
export const REJECTED_RANGE_SQL = 'SELECT min(rowid)::DOUBLE AS first, max(rowid)::DOUBLE AS last, count(*)::INTEGER AS rows FROM rejected';

/** The columns of one event type's table an export reads: its own fields, `extra` and `seq`. */
export const exportedTypeColumns = (type: EventType): ColumnSpec[] =>
  TYPE_COLUMNS[type].filter((column) => column.name !== 'file_id' && column.name !== 'line');

/** The row of an event type's export page (`exportEventsPage`, session-export's `sampledEventsPage`). */
export const exportedTypeRow = (type: EventType) => specOfColumns(exportedTypeColumns(type));

/**
 * The events of one type with `from <= seq < to`, with the type's own columns and `seq` (the
 * caller merges the types in load order). A range of `seq` rather than OFFSET: seq grows with
 * every insert, so each page reads only the row groups that hold it. One table per type rather
 * than the `events` view: half the time, most of which is turning the view's NULL columns into
 * JS values.
 */
export function exportEventsPage(type: EventType, from: number, to: number): SqlQuery {
  return sql`SELECT ${columnList(exportedTypeColumns(type))} FROM ${identifier(typeTable(type))} WHERE seq >= ${from} AND seq < ${to} ORDER BY seq`;
}

export const EXPORTED_REJECTED_ROW = specOfColumns(EXPORTED_REJECTED_COLUMNS);

export function exportRejectedPage(from: number, to: number): SqlQuery {
  return sql`SELECT ${columnList(EXPORTED_REJECTED_COLUMNS)} FROM rejected WHERE rowid >= ${from} AND rowid < ${to} ORDER BY rowid`;
}
