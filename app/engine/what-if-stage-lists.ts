import { parseStoredStages } from '../schema/stages';
import type { ColumnSpec } from '../schema/columns';
import { ArrowBatchBuilder } from './arrow-batch';
import type { Engine } from './engine';
import { ident } from './sql/core/quote';
import { run } from './sql/core/run';
import { sql } from './sql/core/sql-query';
import { STAGE_LIST_COLUMNS } from './sql/what-if/stages';

const SPECS: ColumnSpec[] = [
  { name: 'retrieval_id', kind: 'string' },
  { name: 'stage_index', kind: 'int' },
  { name: 'stage_name', kind: 'string' },
  { name: 'stage_kind', kind: 'string' },
  { name: 'logged_ids', kind: 'strings' },
  { name: 'logged_scores', kind: 'numbers' },
];

const ROWS_PER_BATCH = 20_000;
const READ_PAGE = 50_000;

/**
 * The logged stages as a table (`STAGE_LIST_COLUMNS`), for the what-if's SQL to rank. The stored
 * `stages` text is read by the schema's own reader: DuckDB-wasm has no JSON functions without an
 * extension it would download, and the app fetches nothing. Built once per state of the stored
 * retrievals (its name carries their count and last `seq`), then reused; a temp table, so it goes
 * with the connection.
 */
export async function ensureStageListsTable(engine: Engine): Promise<string> {
  const [stamp] = await run(engine,
    'SELECT count(*)::INTEGER AS stored, coalesce(max(seq), 0)::BIGINT AS last, coalesce(max(file_id), 0)::INTEGER AS files FROM retrievals WHERE stages IS NOT NULL',
    { stored: 'number', last: 'number', files: 'number' },
  );
  const name = `what_if_stage_lists_${stamp.stored}_${stamp.last}_${stamp.files}`;
  const [found] = await run(engine, sql`SELECT count(*)::INTEGER AS tables FROM duckdb_tables() WHERE table_name = ${name}`, { tables: 'number' });
  if (found.tables > 0) return name;
  const stale = await run(engine, "SELECT table_name AS name FROM duckdb_tables() WHERE temporary AND starts_with(table_name, 'what_if_stage_lists_')", { name: 'string' });
  for (const table of stale) await engine.exec(`DROP TABLE IF EXISTS ${ident(table.name)}`);
  await engine.exec(`CREATE OR REPLACE TEMP TABLE ${ident(name)} (${STAGE_LIST_COLUMNS})`);
  const builder = new ArrowBatchBuilder(SPECS, ROWS_PER_BATCH);
  for (let offset = 0; ; offset += READ_PAGE) {
    const rows = await run(engine,
      sql`SELECT retrieval_id, stages FROM retrievals WHERE stages IS NOT NULL ORDER BY seq, file_id LIMIT ${READ_PAGE} OFFSET ${offset}`,
      { retrieval_id: 'string', stages: 'string' });
    for (const row of rows) {
      for (const [index, stage] of parseStoredStages(row.stages).entries()) {
        builder.add({ retrieval_id: row.retrieval_id, stage_index: index + 1, stage_name: stage.name, stage_kind: stage.kind, logged_ids: stage.asset_ids, logged_scores: stage.scores ?? null });
      }
      if (builder.length >= ROWS_PER_BATCH) await engine.insertArrowIPC(name, builder.flush());
    }
    if (rows.length < READ_PAGE) break;
  }
  if (builder.length > 0) await engine.insertArrowIPC(name, builder.flush());
  return name;
}
