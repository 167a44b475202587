import { EVENT_COLUMNS, REJECTED_COLUMNS, SQL_TYPE, type ColumnSpec } from '../../schema/columns';
import { EVENT_TYPE_NAMES } from '../../schema/event-types';
import { ident } from './quote';

const createTable = (name: string, columns: ColumnSpec[]) =>
  `CREATE TABLE IF NOT EXISTS ${ident(name)} (${columns.map((c) => `${ident(c.name)} ${SQL_TYPE[c.kind]}`).join(', ')});`;

/** Plural view names per event type: `retrievals`, `actions`, … */
export const TYPE_VIEWS: Record<string, string> = Object.fromEntries(
  EVENT_TYPE_NAMES.map((type) => [type, type === 'feedback' ? 'feedback' : `${type}s`]),
);

export function schemaSql(): string {
  return [
    createTable('events', EVENT_COLUMNS),
    createTable('rejected', REJECTED_COLUMNS),
    `CREATE TABLE IF NOT EXISTS files (file_id INTEGER, name VARCHAR, bytes DOUBLE, events INTEGER, rejected INTEGER,
       blank_lines INTEGER, error VARCHAR, loaded_at DOUBLE);`,
    ...EVENT_TYPE_NAMES.map(
      (type) => `CREATE OR REPLACE VIEW ${ident(TYPE_VIEWS[type])} AS SELECT * FROM events WHERE type = '${type}';`,
    ),
  ].join('\n');
}

export const CLEAR_SQL = `DELETE FROM events; DELETE FROM rejected; DELETE FROM files;`;
