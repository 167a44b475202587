import type { ColumnKind, ColumnSpec } from '../../schema/columns';
import { EVENT_TYPE_NAMES } from '../../schema/event-types';
import { EXPORTED_EVENT_COLUMNS, EXPORTED_REJECTED_COLUMNS } from '../sql/dataset-export';
import { TYPE_VIEWS } from '../sql/ddl';

/**
 * ClickHouse types of the Parquet export's columns. Lists cannot be Nullable in ClickHouse: a
 * missing list is stored as an empty one, which the metric SQL already reads alike
 * (metrics/README.md: "A missing returned_asset_ids is an empty result").
 */
export const CLICKHOUSE_TYPE: Record<ColumnKind, string> = {
  string: 'Nullable(String)',
  number: 'Nullable(Float64)',
  int: 'Nullable(Int32)',
  boolean: 'Nullable(Bool)',
  strings: 'Array(String)',
  numbers: 'Array(Float64)',
};

/** A ClickHouse name, backquoted; `db.table` is quoted part by part. */
export const chIdent = (name: string) => name.split('.').map((part) => `\`${part.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``).join('.');

const columnsSql = (columns: ColumnSpec[]) => columns.map((column) => `${chIdent(column.name)} ${CLICKHOUSE_TYPE[column.kind]}`).join(', ');

/**
 * A table of this product's events in ClickHouse: the Parquet export's columns (`ts` in epoch
 * milliseconds) and `seq`, the event's place in load order, which the export keeps as row order
 * and the SQL reads to break ties (first user of a session, label order). On a cluster the
 * ordering key would rather be (ts, session_id); MergeTree here so that the tests use what a
 * server uses.
 */
export function eventsTableSql(table = 'events'): string {
  return `CREATE TABLE IF NOT EXISTS ${chIdent(table)} (\`seq\` Int64, ${columnsSql(EXPORTED_EVENT_COLUMNS)}) ENGINE = MergeTree ORDER BY seq`;
}

/**
 * The names the metric SQL reads over one events table: a view per type (`retrievals`,
 * `feedback`, …), `events` itself when the table has another name, a `rejected` table (the Parquet
 * export's rejected rows; empty when the events come from elsewhere) and `session_summary` with one row per session. These
 * stand in for the derived tables only as far as the simple sections need (README.md).
 */
export function eventViewsSql(table = 'events'): string[] {
  const source = chIdent(table);
  return [
    ...(table === 'events' ? [] : [`CREATE OR REPLACE VIEW events AS SELECT * FROM ${source}`]),
    ...EVENT_TYPE_NAMES.map((type) => `CREATE OR REPLACE VIEW ${chIdent(TYPE_VIEWS[type])} AS SELECT * FROM ${source} WHERE type = '${type}'`),
    `CREATE TABLE IF NOT EXISTS rejected (${columnsSql(EXPORTED_REJECTED_COLUMNS)}) ENGINE = MergeTree ORDER BY tuple()`,
    `CREATE OR REPLACE VIEW session_summary AS SELECT session_id, min(ts) AS start_ts, count() AS events FROM ${source} WHERE session_id IS NOT NULL GROUP BY session_id`,
  ];
}
