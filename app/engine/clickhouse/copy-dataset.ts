import type { Engine } from '../engine';
import { EVENT_TYPE_NAMES } from '../../schema/event-types';
import {
  EVENTS_RANGE_SQL, EXPORT_RANGE_ROW, EXPORTED_REJECTED_ROW, REJECTED_RANGE_SQL, exportEventsPage, exportRejectedPage, exportedTypeRow,
} from '../sql/dataset-export';
import { run } from '../sql/core/run';
import type { ClickHouseEngine } from './clickhouse-engine';
import { eventViewsSql, eventsTableSql } from './events-schema';

const ROWS_PER_PAGE = 50_000;

/**
 * Copies a loaded DuckDB dataset into ClickHouse as the Parquet export writes it (the same pages
 * of the same columns, `seq` kept), with the views the SQL reads: how the tests put the same
 * events on both engines.
 */
export async function copyDatasetToClickHouse(from: Engine, to: ClickHouseEngine): Promise<{ events: number; rejected: number }> {
  await to.exec(eventsTableSql('events'));
  for (const statement of eventViewsSql('events')) await to.exec(statement);
  let events = 0;
  const [eventRange] = await run(from, EVENTS_RANGE_SQL, EXPORT_RANGE_ROW);
  for (let start = eventRange.first ?? 0; eventRange.last !== null && start <= eventRange.last; start += ROWS_PER_PAGE) {
    for (const type of EVENT_TYPE_NAMES) {
      const rows = await run(from, exportEventsPage(type, start, start + ROWS_PER_PAGE), exportedTypeRow(type));
      await to.insertRows('events', rows);
      events += rows.length;
    }
  }
  let rejected = 0;
  const [rejectedRange] = await run(from, REJECTED_RANGE_SQL, EXPORT_RANGE_ROW);
  for (let start = rejectedRange.first ?? 0; rejectedRange.last !== null && start <= rejectedRange.last; start += ROWS_PER_PAGE) {
    const rows = await run(from, exportRejectedPage(start, start + ROWS_PER_PAGE), EXPORTED_REJECTED_ROW);
    await to.insertRows('rejected', rows);
    rejected += rows.length;
  }
  return { events, rejected };
}
