import { EVENT_COLUMNS, REJECTED_COLUMNS, SPAN_COLUMNS, SQL_TYPE, TYPE_COLUMNS, typeTable, type ColumnSpec } from '../../schema/columns';
import { EVENT_TYPE_NAMES, type EventType } from '../../schema/event-types';
import { SUMMARY_SESSIONS_TABLE, SUMMARY_SESSIONS_TABLE_COLUMNS } from '../../schema/sessions-summary';
import { ASSET_CATALOG_VIEW_SQL } from './asset-catalog';
import { ident } from './core/quote';

const createTable = (name: string, columns: ColumnSpec[]) =>
  `CREATE TABLE IF NOT EXISTS ${ident(name)} (${columns.map((c) => `${ident(c.name)} ${SQL_TYPE[c.kind]}`).join(', ')});`;

/** Plural view names per event type: `retrievals`, `actions`, … */
export const TYPE_VIEWS: Record<string, string> = Object.fromEntries(
  EVENT_TYPE_NAMES.map((type) => [type, type === 'feedback' ? 'feedback' : `${type}s`]),
);

/** A type's table seen with every event column (the ones it does not store are NULL). */
function typeViewSql(type: EventType): string {
  const stored = new Set(TYPE_COLUMNS[type].map((column) => column.name));
  const select = EVENT_COLUMNS.map((c) => (stored.has(c.name) ? ident(c.name) : `NULL::${SQL_TYPE[c.kind]} AS ${ident(c.name)}`));
  return `CREATE OR REPLACE VIEW ${ident(TYPE_VIEWS[type])} AS SELECT ${select.join(', ')} FROM ${ident(typeTable(type))};`;
}

export const EVENT_TABLES = EVENT_TYPE_NAMES.map(typeTable);

/**
 * Storage: one table per event type (`events_retrieval`, …). Reading: one view per type
 * (`retrievals`, …) and the `events` view over all of them, each with every event column; the
 * `asset_catalog` view over the `asset` events.
 */
export function schemaSql(): string {
  return [
    ...EVENT_TYPE_NAMES.map((type) => createTable(typeTable(type), TYPE_COLUMNS[type])),
    createTable('rejected', REJECTED_COLUMNS),
    `CREATE TABLE IF NOT EXISTS files (file_id INTEGER, name VARCHAR, bytes DOUBLE, events INTEGER, rejected INTEGER,
       blank_lines INTEGER, error VARCHAR, loaded_at DOUBLE);`,
    ...EVENT_TYPE_NAMES.map(typeViewSql),
    `CREATE OR REPLACE VIEW events AS ${EVENT_TYPE_NAMES.map((type) => `SELECT * FROM ${ident(TYPE_VIEWS[type])}`).join(' UNION ALL ')};`,
    ASSET_CATALOG_VIEW_SQL,
  ].join('\n');
}

/**
 * Added after the first release, outside `schemaSql` (whose hash marks a kept dataset's event
 * columns): a dataset kept before it gains the column, its earlier files with NULL.
 */
export const FILES_ADDED_COLUMNS_SQL = [
  'ALTER TABLE files ADD COLUMN IF NOT EXISTS text_bytes DOUBLE;',
  // records a sampled load left out (other sessions); NULL for a file loaded whole
  'ALTER TABLE files ADD COLUMN IF NOT EXISTS sampled_out INTEGER;',
  // file-fingerprint.ts, for a file loaded whole: the same file is not stored twice, even after a reload
  'ALTER TABLE files ADD COLUMN IF NOT EXISTS fingerprint VARCHAR;',
  // trace documents without ids (docs/log-format.md, "Document identity"): ids taken from their metadata, or from their content
  'ALTER TABLE files ADD COLUMN IF NOT EXISTS derived_metadata_ids INTEGER;',
  'ALTER TABLE files ADD COLUMN IF NOT EXISTS derived_content_ids INTEGER;',
  // spans of a large trace file that came after their trace had been resolved (ingest/otlp/trace/trace-collector.ts)
  'ALTER TABLE files ADD COLUMN IF NOT EXISTS late_spans INTEGER;',
].join('\n');

/** Added later too: the OpenTelemetry spans no event covers (schema/columns.ts), and each file's count of them. */
export const SPANS_TABLE_SQL = `${createTable('spans', SPAN_COLUMNS)} ALTER TABLE files ADD COLUMN IF NOT EXISTS spans INTEGER;`;

/** And the rows of sessions-summary files (schema/sessions-summary.ts), which the command line writes for datasets too large for a tab. */
export const SUMMARY_SESSIONS_TABLE_SQL = createTable(SUMMARY_SESSIONS_TABLE, SUMMARY_SESSIONS_TABLE_COLUMNS);

/** Every table of a dataset, made where missing: the event schema and what was added after it. */
export const datasetSetupSql = () => schemaSql() + FILES_ADDED_COLUMNS_SQL + SPANS_TABLE_SQL + SUMMARY_SESSIONS_TABLE_SQL;

/** The tables every row of a file lands in; a forgotten or interrupted file is removed from each. */
export const FILE_ROW_TABLES = [...EVENT_TABLES, 'rejected', 'spans', SUMMARY_SESSIONS_TABLE];

export const CLEAR_SQL = [...FILE_ROW_TABLES, 'files'].map((table) => `DELETE FROM ${ident(table)};`).join(' ');
