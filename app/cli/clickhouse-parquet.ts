import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ParquetWriter, fileWriter } from 'hyparquet-writer';
import type { ClickHouseEngine } from '../engine/clickhouse/clickhouse-engine';
import { pickSampledSessions, sampledEventPages } from '../engine/clickhouse/cli-sample';
import { EXPORTED_EVENT_COLUMNS } from '../engine/sql/dataset-export';
import { CLICKHOUSE } from '../engine/sql/dialect';
import { materializeSessionsSummaryQuery } from '../engine/sql/session-export';
import { sessionSummarySelect } from '../engine/sql/session-summary';
import { TYPE_COLUMNS } from '../schema/columns';
import { writeSessionsSummaryParquet } from '../export/export-dataset';
import { parquetSchemaOf } from '../export/export-schema';

export const WRITTEN_FILES = { sample: 'sample-sessions.parquet', summary: 'sessions-summary.parquet' } as const;

/** The columns each type has: the others are NULL in the export's file, where the table holds `[]` (a list is never NULL in ClickHouse). */
const TYPE_COLUMN_NAMES = new Map(Object.entries(TYPE_COLUMNS).map(([type, columns]) => [type, new Set(columns.map((column) => column.name))]));

/** One cell as the Parquet export writes it: `extra` (JSON text in the table) as a JSON column, a column the type lacks as NULL. */
function cell(name: string, row: Record<string, unknown>): unknown {
  if (!TYPE_COLUMN_NAMES.get(String(row.type))?.has(name)) return null;
  const value = row[name];
  return name === 'extra' && typeof value === 'string' ? JSON.parse(value) : value ?? null;
}

/**
 * The temporary table of `session_summary`'s rows (session-summary.ts): the events schema's view
 * of that name holds only what the totals need.
 */
const SESSIONS = 'cli_session_summary';

/**
 * `--write-parquet DIR`, after the report (the metric tables built on this connection:
 * `clickhouseReport`): DIR/sessions-summary.parquet, the per-session summary of every session,
 * computed on ClickHouse by the SQL of `export --sessions-summary` in its dialect and read back
 * page by page by the export's writer; and DIR/sample-sessions.parquet, `count` whole sessions
 * picked as `export --sample-sessions` picks them, read back page by page (the export's events
 * file).
 */
export async function writeClickHouseParquet(engine: ClickHouseEngine, dir: string, count: number, seed: string) {
  mkdirSync(dir, { recursive: true });
  const samplePath = path.join(dir, WRITTEN_FILES.sample);
  const summaryPath = path.join(dir, WRITTEN_FILES.summary);
  await engine.exec(CLICKHOUSE.createTempTableAs(SESSIONS, sessionSummarySelect(null, CLICKHOUSE)));
  const summarized = await writeSessionsSummaryParquet(engine, fileWriter(summaryPath), materializeSessionsSummaryQuery(CLICKHOUSE, SESSIONS));

  const sessions = (await pickSampledSessions(engine, count, seed)).length;
  const parquet = new ParquetWriter({ writer: fileWriter(samplePath), schema: parquetSchemaOf(EXPORTED_EVENT_COLUMNS), createdBy: 'retrieval-inspector' });
  let events = 0;
  for await (const rows of sampledEventPages(engine)) {
    const columnData = EXPORTED_EVENT_COLUMNS.map((column) => ({ name: column.name, data: rows.map((row) => cell(column.name, row)) }));
    await parquet.write({ columnData, rowGroupSize: rows.length });
    events += rows.length;
  }
  await parquet.finish();
  return { samplePath, summaryPath, sessions, events, summarized };
}
