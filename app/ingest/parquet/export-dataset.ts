import { ParquetWriter, type Writer } from 'hyparquet-writer';
import type { Engine } from '../../engine/engine';
import {
  EVENTS_RANGE_SQL, EXPORTED_EVENT_COLUMNS, EXPORTED_REJECTED_COLUMNS, REJECTED_RANGE_SQL, exportEventsPage, exportRejectedPage, type ExportRange,
} from '../../engine/sql/dataset-export';
import type { ColumnSpec } from '../../schema/columns';
import { EVENT_TYPE_NAMES } from '../../schema/event-types';
import { parquetSchemaOf } from './export-schema';

/** Rows read from the engine and written as one row group at a time (at most; fewer where `seq` has gaps). */
const ROWS_PER_GROUP = 50_000;

type Row = Record<string, unknown>;

interface ExportedTable {
  columns: ColumnSpec[];
  rangeSql: string;
  /** The rows with `from <= key < to`, in order. */
  page(engine: Engine, from: number, to: number): Promise<Row[]>;
}

const EVENTS: ExportedTable = {
  columns: EXPORTED_EVENT_COLUMNS,
  rangeSql: EVENTS_RANGE_SQL,
  async page(engine, from, to) {
    const rows: Row[] = [];
    for (const type of EVENT_TYPE_NAMES) {
      const query = exportEventsPage(type, from, to);
      rows.push(...(await engine.query<Row>(query.sql, query.params)));
    }
    return rows.sort((a, b) => (a.seq as number) - (b.seq as number));
  },
};

const REJECTED: ExportedTable = {
  columns: EXPORTED_REJECTED_COLUMNS,
  rangeSql: REJECTED_RANGE_SQL,
  page: (engine, from, to) => {
    const query = exportRejectedPage(from, to);
    return engine.query<Row>(query.sql, query.params);
  },
};

/** `extra` is stored as JSON text and written as a JSON column, which the writer serializes itself. */
const cell = (column: ColumnSpec, value: unknown) => (column.name === 'extra' && typeof value === 'string' ? JSON.parse(value) : value ?? null);

async function writeTable(engine: Engine, table: ExportedTable, writer: Writer, onRows?: (rows: number) => void): Promise<number> {
  const [range] = await engine.query<ExportRange>(table.rangeSql);
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
