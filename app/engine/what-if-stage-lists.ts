import { parseStoredStages } from '../schema/stages';
import { typeTable, type ColumnSpec } from '../schema/columns';
import { ArrowBatchBuilder } from './arrow-batch';
import { materialization } from './coordinator/materialization';
import type { Engine } from './engine';
import { ident } from './sql/core/quote';
import { run } from './sql/core/run';
import { identifier, joinSql, sql, valueArray, valueList, type SqlQuery } from './sql/core/sql-query';
import { STAGE_LIST_COLUMNS } from './sql/what-if/stages';

/** One row of a stage-lists table (`STAGE_LIST_COLUMNS`). */
type StageListRow = {
  retrieval_id: string;
  stage_index: number;
  stage_name: string;
  stage_kind: string;
  logged_ids: string[];
  logged_scores: number[] | null;
};

const SPECS: ColumnSpec[] = [
  { name: 'retrieval_id', kind: 'string' },
  { name: 'stage_index', kind: 'int' },
  { name: 'stage_name', kind: 'string' },
  { name: 'stage_kind', kind: 'string' },
  { name: 'logged_ids', kind: 'strings' },
  { name: 'logged_scores', kind: 'numbers' },
];

const STORED_STAGES_ROW = { retrieval_id: 'string', stages: 'string' } as const;

/** The rows of a retrieval's stored `stages` text, read by the schema's own reader. */
function stageListRows(retrievalId: string, stages: string): StageListRow[] {
  return parseStoredStages(stages).map((stage, index) => ({
    retrieval_id: retrievalId,
    stage_index: index + 1,
    stage_name: stage.name,
    stage_kind: stage.kind,
    logged_ids: stage.asset_ids,
    logged_scores: stage.scores ?? null,
  }));
}

/** The retrievals' own table (the `retrievals` view has no rowid). */
const RETRIEVAL_TABLE = identifier(typeTable('retrieval'));

const ROWS_PER_BATCH = 20_000;
const READ_PAGE = 50_000;

/** The state of the stored retrievals' stages: what a table built from them alone stays true for. */
async function stagesStamp(engine: Engine): Promise<{ key: string; lastRow: number }> {
  const [stamp] = await run(engine,
    sql`SELECT count(stages)::INTEGER AS stored, coalesce(max(seq) FILTER (WHERE stages IS NOT NULL), 0)::BIGINT AS last,
            coalesce(max(file_id) FILTER (WHERE stages IS NOT NULL), 0)::INTEGER AS files, coalesce(max(rowid), -1)::BIGINT AS last_row FROM ${RETRIEVAL_TABLE}`,
    { stored: 'number', last: 'number', files: 'number', last_row: 'number' },
  );
  return { key: `${stamp.stored}_${stamp.last}_${stamp.files}`, lastRow: stamp.last_row };
}

/** Whether the temp table `name` exists; every other temp table starting with `prefix` is dropped (a past state's). */
async function keepOnly(engine: Engine, prefix: string, name: string): Promise<boolean> {
  const tables = await run(engine, sql`SELECT table_name AS name FROM duckdb_tables() WHERE temporary AND starts_with(table_name, ${prefix})`, { name: 'string' });
  for (const table of tables) if (table.name !== name) await engine.exec(`DROP TABLE IF EXISTS ${ident(table.name)}`);
  return tables.some((table) => table.name === name);
}

/**
 * The logged stages as a table (`STAGE_LIST_COLUMNS`), for the what-if's SQL to rank. The stored
 * `stages` text is read by the schema's own reader: DuckDB-wasm has no JSON functions without an
 * extension it would download, and the app fetches nothing. Built once per state of the stored
 * retrievals (its name carries their count and last `seq`), then reused; a temp table, so it goes
 * with the connection.
 */
export async function ensureStageListsTable(engine: Engine): Promise<string> {
  const stamp = await stagesStamp(engine);
  const name = `${STAGE_LISTS_PREFIX}${stamp.key}`;
  if (await keepOnly(engine, STAGE_LISTS_PREFIX, name)) return name;
  await engine.exec(`CREATE OR REPLACE TEMP TABLE ${ident(name)} (${STAGE_LIST_COLUMNS})`);
  const builder = new ArrowBatchBuilder(SPECS, ROWS_PER_BATCH);
  // pages by rowid (the table's insertion order): each page a range scan, not a sort of every row before it
  for (let first = 0; first <= stamp.lastRow; first += READ_PAGE) {
    const rows = await run(engine,
      sql`SELECT retrieval_id, stages FROM ${RETRIEVAL_TABLE} WHERE rowid >= ${first} AND rowid < ${first + READ_PAGE} AND stages IS NOT NULL ORDER BY rowid`,
      STORED_STAGES_ROW);
    for (const row of rows) {
      for (const stage of stageListRows(row.retrieval_id, row.stages)) builder.add(stage);
      if (builder.length >= ROWS_PER_BATCH) await engine.insertArrowIPC(name, builder.flush());
    }
  }
  if (builder.length > 0) await engine.insertArrowIPC(name, builder.flush());
  return name;
}

const STAGE_LISTS_PREFIX = 'what_if_stage_lists_';
const LISTS_PREFIX = 'what_if_lists_';

/**
 * A pipeline's lists (`lists`: a select of `(retrieval_id, asset_ids)` over the stage lists) as a
 * table kept like the stage lists: for as long as the stored retrievals stay as they are, labels
 * given or not (a list is ranked from stages alone), so that the pool queue's bounds after each
 * grade and the session view do not rank 400k lists again. One pipeline's at a time: at 1M events
 * a table of lists holds millions of ids, and DuckDB-wasm's memory is the dataset's.
 */
export async function ensureWhatIfListsTable(engine: Engine, lists: SqlQuery): Promise<string> {
  const stamp = await stagesStamp(engine);
  const { name } = materialization(`${LISTS_PREFIX}${stamp.key}`, lists);
  if (await keepOnly(engine, LISTS_PREFIX, name)) return name;
  await engine.query(`CREATE OR REPLACE TEMP TABLE ${ident(name)} AS ${lists.sql}`, lists.params);
  return name;
}

/** Up to this many retrievals, `stageListsOf` gives their stages as values rather than the whole table. */
export const FEW_RETRIEVALS = 200;

/**
 * The stage lists of a few retrievals (a session's page, one retrieval opened) as a `SELECT` of
 * bound values with the columns of the table: at 1M events, building the whole table first takes
 * seconds, these take a lookup.
 */
export async function stageListsOf(engine: Engine, retrievalIds: readonly string[]): Promise<SqlQuery> {
  const stored = await run(engine, sql`SELECT retrieval_id, stages FROM retrievals WHERE retrieval_id IN ${valueList(retrievalIds)} AND stages IS NOT NULL ORDER BY seq, file_id`, STORED_STAGES_ROW);
  const rows = stored.flatMap((row) => stageListRows(row.retrieval_id, row.stages));
  if (rows.length === 0) {
    return sql`SELECT NULL::VARCHAR AS retrieval_id, NULL::INTEGER AS stage_index, NULL::VARCHAR AS stage_name, NULL::VARCHAR AS stage_kind, NULL::VARCHAR[] AS logged_ids, NULL::DOUBLE[] AS logged_scores WHERE false`;
  }
  const values = rows.map((row) => sql`(${row.retrieval_id}, CAST(${row.stage_index} AS INTEGER), ${row.stage_name}, ${row.stage_kind}, ${valueArray(row.logged_ids)}, ${row.logged_scores ? numberArray(row.logged_scores) : sql`NULL::DOUBLE[]`})`);
  return sql`SELECT * FROM (VALUES ${joinSql(values, ', ')}) AS stage_lists(retrieval_id, stage_index, stage_name, stage_kind, logged_ids, logged_scores)`;
}

/** `[?, ?, …]::DOUBLE[]`, a bound list of numbers. */
const numberArray = (values: readonly number[]): SqlQuery => joinSql([sql`[`, joinSql(values.map((value) => sql`CAST(${value} AS DOUBLE)`), ', '), sql`]::DOUBLE[]`], '');
