import type { Engine } from '../engine';
import { EVENT_TYPE_NAMES } from '../../schema/event-types';
import { EVENTS_RANGE_SQL, REJECTED_RANGE_SQL, exportEventsPage, exportRejectedPage, type ExportRange } from '../sql/dataset-export';
import type { SqlQuery } from '../sql/core/sql-query';
import type { ClickHouseEngine } from './clickhouse-engine';
import { eventViewsSql, eventsTableSql } from './events-schema';

const ROWS_PER_PAGE = 50_000;
type Row = Record<string, unknown>;

const rowsOf = (engine: Engine, query: SqlQuery) => engine.query<Row>(query.sql, query.params);

/**
 * Copies a loaded DuckDB dataset into ClickHouse as the Parquet export writes it (the same pages
 * of the same columns, `seq` kept), with the views the SQL reads: how the tests put the same
 * events on both engines.
 */
export async function copyDatasetToClickHouse(from: Engine, to: ClickHouseEngine): Promise<{ events: number; rejected: number }> {
  await to.exec(eventsTableSql('events'));
  for (const statement of eventViewsSql('events')) await to.exec(statement);
  let events = 0;
  const [eventRange] = await from.query<ExportRange>(EVENTS_RANGE_SQL);
  for (let start = eventRange.first ?? 0; eventRange.last !== null && start <= eventRange.last; start += ROWS_PER_PAGE) {
    for (const type of EVENT_TYPE_NAMES) {
      const rows = await rowsOf(from, exportEventsPage(type, start, start + ROWS_PER_PAGE));
      await to.insertRows('events', rows);
      events += rows.length;
    }
  }
  let rejected = 0;
  const [rejectedRange] = await from.query<ExportRange>(REJECTED_RANGE_SQL);
  for (let start = rejectedRange.first ?? 0; rejectedRange.last !== null && start <= rejectedRange.last; start += ROWS_PER_PAGE) {
    const rows = await rowsOf(from, exportRejectedPage(start, start + ROWS_PER_PAGE));
    await to.insertRows('rejected', rows);
    rejected += rows.length;
  }
  return { events, rejected };
}
