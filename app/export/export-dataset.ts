import { ParquetWriter, type Writer } from 'hyparquet-writer';
import type { Engine } from '../engine/engine';
import {
  EVENTS_RANGE_SQL, EXPORT_RANGE_ROW, EXPORTED_EVENT_COLUMNS, EXPORTED_REJECTED_COLUMNS, EXPORTED_REJECTED_ROW, REJECTED_RANGE_SQL, exportEventsPage, exportRejectedPage, exportedTypeRow,
} from '../engine/sql/dataset-export';
import {
  SAMPLED_SESSION_COUNT_SQL, SESSIONS_SUMMARY_RANGE_SQL, chosenSessionsQuery, materializeSessionsSummaryQuery, sampleSessionsQuery, sampledEventsPage, sessionsSummaryPage,
} from '../engine/sql/session-export';
import { specOfColumns } from '../engine/sql/core/row-spec';
import { run } from '../engine/sql/core/run';
import type { SqlQuery } from '../engine/sql/core/sql-query';
import type { ColumnSpec } from '../schema/columns';
import { EVENT_TYPE_NAMES, type EventType } from '../schema/event-types';
import { parquetSchemaOf } from './export-schema';
import { SESSIONS_SUMMARY_COLUMNS } from '../schema/sessions-summary';

/** Rows read from the engine and written as one row group at a time (at most; fewer where `seq` has gaps). */
const ROWS_PER_GROUP = 50_000;

type Row = Record<string, unknown>;

interface ExportedTable {
  columns: ColumnSpec[];
  rangeSql: string;
  /** The rows with `from <= key < to`, in order. */
  page(engine: Engine, from: number, to: number): Promise<Row[]>;
}

/** Events (all, or a sample's) by `seq`, every type's page merged in load order. */
const eventsTable = (pageOf: (type: EventType, from: number, to: number) => SqlQuery): ExportedTable => ({
  columns: EXPORTED_EVENT_COLUMNS,
  rangeSql: EVENTS_RANGE_SQL,
  async page(engine, from, to) {
    const rows: Row[] = [];
    for (const type of EVENT_TYPE_NAMES) rows.push(...(await run(engine, pageOf(type, from, to), exportedTypeRow(type))));
    return rows.sort((a, b) => (a.seq as number) - (b.seq as number));
  },
});

const EVENTS = eventsTable(exportEventsPage);

const SESSIONS_SUMMARY: ExportedTable = {
  columns: SESSIONS_SUMMARY_COLUMNS,
  rangeSql: SESSIONS_SUMMARY_RANGE_SQL,
  page: (engine, from, to) =>
    run(engine, sessionsSummaryPage(SESSIONS_SUMMARY_COLUMNS.map((column) => column.name), from, to), specOfColumns(SESSIONS_SUMMARY_COLUMNS)),
};

const REJECTED: ExportedTable = {
  columns: EXPORTED_REJECTED_COLUMNS,
  rangeSql: REJECTED_RANGE_SQL,
  page: (engine, from, to) => run(engine, exportRejectedPage(from, to), EXPORTED_REJECTED_ROW),
};

/** `extra` is stored as JSON text and written as a JSON column, which the writer serializes itself. */
const cell = (column: ColumnSpec, value: unknown) => (column.name === 'extra' && typeof value === 'string' ? JSON.parse(value) : value ?? null);

async function writeTable(engine: Engine, table: ExportedTable, writer: Writer, onRows?: (rows: number) => void): Promise<number> {
  const [range] = await run(engine, table.rangeSql, EXPORT_RANGE_ROW);
  const parquet = new ParquetWriter({ writer, schema: parquetSchemaOf(table.columns), createdBy: 'retrieval-inspector' });
  let written = 0;
  if (range.first !== null && range.last !== null) {
    for (let from = range.first; from <= range.last; from += ROWS_PER_GROUP) {
      const rows = await table.page(engine, from, from + ROWS_PER_GROUP);
      if (rows.length === 0) continue;
      const columnData = table.columns.map((column) => ({ name: column.name, data: rows.map((row) => cell(column, row[column.name])) }));
      await parquet.write({ columnData, rowGroupSize: rows.length });
      written += rows.length;
      onRows?.(written);
    }
  }
  await parquet.finish();
  return written;
}

/**
 * Every event of the dataset (every type; labels too, those given in the browser included), in
 * load order, with the columns of the JSON Lines format: loaded back, it gives the same events
 * and the same report. Returns how many rows were written.
 */
export const writeEventsParquet = (engine: Engine, writer: Writer, onRows?: (rows: number) => void) => writeTable(engine, EVENTS, writer, onRows);

/** Every rejected row with its original file, line, reason and raw text; loaded back, they are rejected rows again. */
export const writeRejectedParquet = (engine: Engine, writer: Writer, onRows?: (rows: number) => void) => writeTable(engine, REJECTED, writer, onRows);

/**
 * One row per session with the Sessions list's counts and signals (schema/sessions-summary.ts), in
 * the list's order. Needs the derived tables built (`ensureDerivedTables`). Returns the row count.
 * `query` builds the summary's table (ClickHouse passes its dialect's).
 */
export async function writeSessionsSummaryParquet(engine: Engine, writer: Writer, query: SqlQuery = materializeSessionsSummaryQuery()): Promise<number> {
  await engine.query(query.sql, query.params);
  return writeTable(engine, SESSIONS_SUMMARY, writer);
}

/** Which sessions a sample holds: `count` picked by `seed`, or the given ids. */
export type SessionSample = { count: number; seed: string } | { ids: readonly string[] };

/**
 * Every event of the sampled sessions, with the labels of what they hold and the reference rows
 * (assets, questions, eval cases): an events file like `writeEventsParquet`'s, whose sessions are
 * whole. Returns the sessions and the events written.
 */
export async function writeSampledEventsParquet(engine: Engine, writer: Writer, sample: SessionSample): Promise<{ sessions: number; events: number }> {
  const pick = 'ids' in sample ? chosenSessionsQuery(sample.ids) : sampleSessionsQuery(sample.count, sample.seed);
  await engine.query(pick.sql, pick.params);
  const [{ sessions }] = await run(engine, SAMPLED_SESSION_COUNT_SQL, { sessions: 'number' });
  const events = await writeTable(engine, eventsTable(sampledEventsPage), writer);
  return { sessions, events };
}
