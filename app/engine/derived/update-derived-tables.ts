import { fnv1a } from '../../lib/hash';
import type { Engine } from '../engine';
import { DERIVED_TABLES } from '../sql/derived/registry';
import { run } from '../sql/core/run';
import { DERIVED_STATE_SCHEMA_SQL, RECORDED_INPUT_ROW } from '../sql/derived/state';
import type { DerivedTable } from '../sql/derived/table';
import { ident, literal } from '../sql/core/quote';
import { LoadedInputChanges, readInputStates, REPLACED, sameState, UNCHANGED, type InputChange, type InputStates } from './input-changes';

export type TableOutcome = 'unchanged' | 'updated' | 'rebuilt';

/** Beyond this share of a table's rows (and this many keys), recomputing changed keys gives way to a full rebuild. */
const MAX_CHANGED_SHARE = 0.1;
const ALWAYS_INCREMENTAL_KEYS = 1000;

const BY_NAME = new Map(DERIVED_TABLES.map((table) => [table.name, table]));

/** The loaded inputs (event types, files) a table reads, directly or through other derived tables. */
function loadedInputsOf(table: DerivedTable): string[] {
  return [...new Set(table.reads.flatMap((input) => {
    const derived = BY_NAME.get(input);
    return derived ? loadedInputsOf(derived) : [input];
  }))];
}

/** These tables and every derived table they read, in dependency order. */
function withTheirReads(names: readonly string[]): DerivedTable[] {
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    BY_NAME.get(name)!.reads.filter((input) => BY_NAME.has(input)).forEach(add);
  };
  names.forEach(add);
  return DERIVED_TABLES.filter((table) => wanted.has(table.name));
}

/** A table built by another definition (an older version of the app) is rebuilt. */
const DEFINITIONS = new Map(DERIVED_TABLES.map((table) => [table.name, fnv1a(`${table.key ?? ''}\n${table.select(null)}`).toString(16)]));

const changedKeysTable = (table: string) => ident(`derived_changes_${table}`);

interface Recorded {
  definition: string;
  inputs: InputStates;
}

async function readRecorded(engine: Engine): Promise<Map<string, Recorded>> {
  const rows = await run(engine, `SELECT * FROM derived_table_inputs WHERE derived_table IN (SELECT table_name FROM duckdb_tables())`, RECORDED_INPUT_ROW);
  const recorded = new Map<string, Recorded>();
  for (const { derived_table, definition, input, ...state } of rows) {
    if (!recorded.has(derived_table)) recorded.set(derived_table, { definition, inputs: new Map() });
    recorded.get(derived_table)!.inputs.set(input, state);
  }
  return recorded;
}

/** How each input of `table` changed since the table last saw it; null when only a full rebuild will do. */
async function changesSinceRecorded(
  table: DerivedTable, recorded: Map<string, Recorded>, loaded: LoadedInputChanges, outcomes: Map<string, TableOutcome>,
): Promise<[string, InputChange][] | null> {
  const record = recorded.get(table.name);
  if (!record || record.definition !== DEFINITIONS.get(table.name)) return null;
  const changes: [string, InputChange][] = [];
  for (const input of table.reads) {
    const derived = BY_NAME.get(input);
    if (!derived) {
      changes.push([input, await loaded.since(input, record.inputs.get(input))]);
      continue;
    }
    // The derived input's changes in this pass are this table's only if both last saw the same data.
    const sawTheSame = loadedInputsOf(derived).every((name) => sameState(record.inputs.get(name), recorded.get(input)?.inputs.get(name)));
    const outcome = outcomes.get(input);
    changes.push([input, !sawTheSame || outcome === 'rebuilt' ? REPLACED : outcome === 'updated' ? { kind: 'changed', rows: changedKeysTable(input) } : UNCHANGED]);
  }
  // Built over no rows (the empty dataset before a first load): every key changed, and working
  // them out first costs as much as the rebuild that follows.
  const fromNothing = loadedInputsOf(table).every((input) => record.inputs.get(input)?.row_count === 0);
  return fromNothing && changes.some(([, change]) => change.kind !== 'unchanged') ? null : changes;
}

async function rebuild(engine: Engine, table: DerivedTable): Promise<TableOutcome> {
  await engine.exec(`CREATE OR REPLACE TABLE ${ident(table.name)} AS ${table.select(null)};`);
  return 'rebuilt';
}

/** Deletes the rows of the changed keys and inserts them again from the table's definition, scoped to those keys. */
async function recomputeKeys(engine: Engine, table: DerivedTable, key: readonly string[], keySelects: string[]): Promise<TableOutcome> {
  const keys = changedKeysTable(table.name);
  const columns = key.join(', ');
  await engine.exec(`CREATE OR REPLACE TEMP TABLE ${keys} AS
    SELECT DISTINCT * FROM (${keySelects.map((select) => `SELECT * FROM (${select})`).join('\nUNION ALL\n')}) AS changed(${columns});`);
  const [{ changed_keys: changedKeys, table_rows: tableRows }] = await run(engine,
    `SELECT (SELECT count(*) FROM ${keys}) AS changed_keys, (SELECT count(*) FROM ${ident(table.name)}) AS table_rows`, { changed_keys: 'number', table_rows: 'number' });
  if (changedKeys > Math.max(ALWAYS_INCREMENTAL_KEYS, tableRows * MAX_CHANGED_SHARE)) return rebuild(engine, table);
  if (changedKeys === 0) return 'unchanged';
  const ofChangedKeys = `(${columns}) IN (SELECT ${columns} FROM ${keys})`;
  // One exec: no other statement on the connection sees the keys' rows deleted and not yet inserted.
  await engine.exec(`DELETE FROM ${ident(table.name)} WHERE ${ofChangedKeys};
    INSERT INTO ${ident(table.name)} SELECT * FROM (${table.select({ relation: keys })}) WHERE ${ofChangedKeys};`);
  return 'updated';
}

async function bringUpToDate(engine: Engine, table: DerivedTable, changes: [string, InputChange][] | null): Promise<TableOutcome> {
  if (changes === null) return rebuild(engine, table);
  const keySelects: string[] = [];
  for (const [input, change] of changes) {
    if (change.kind === 'unchanged') continue;
    const keysOf = table.keysChangedBy?.[input];
    if (change.kind === 'replaced' || !table.key || !keysOf) return rebuild(engine, table);
    const select = keysOf(change.rows);
    if (select !== null) keySelects.push(select);
  }
  return table.key && keySelects.length > 0 ? recomputeKeys(engine, table, table.key, keySelects) : 'unchanged';
}

function recordSql(tables: DerivedTable[], now: InputStates): string {
  const rows = tables.flatMap((table) => loadedInputsOf(table).map((input) => {
    const { generation, row_count, max_position } = now.get(input)!;
    return `(${[table.name, DEFINITIONS.get(table.name)!, input].map(literal).join(', ')}, ${generation}, ${row_count}, ${max_position})`;
  }));
  return `DELETE FROM derived_table_inputs WHERE derived_table IN (${tables.map((table) => literal(table.name)).join(', ')});
INSERT INTO derived_table_inputs VALUES ${rows.join(',\n')};`;
}

export interface UpdateOptions {
  /** Rebuild every table whole. */
  rebuild?: boolean;
}

/**
 * Brings these derived tables (and those they read) up to date with the loaded inputs: a table
 * none of whose inputs changed is left alone; one whose inputs only grew recomputes the rows of
 * the keys the new rows touch; any other is rebuilt whole (always, with `rebuild`). What each
 * table saw is recorded last, so the pass after one that failed starts where it started.
 */
export async function updateDerivedTables(
  engine: Engine, names: readonly string[], { rebuild: rebuildAll = false }: UpdateOptions = {},
): Promise<Map<string, TableOutcome>> {
  await engine.exec(DERIVED_STATE_SCHEMA_SQL);
  const tables = withTheirReads(names);
  const loaded = new LoadedInputChanges(engine, await readInputStates(engine));
  const recorded = rebuildAll ? new Map<string, Recorded>() : await readRecorded(engine);
  const outcomes = new Map<string, TableOutcome>();
  for (const table of tables) {
    outcomes.set(table.name, await bringUpToDate(engine, table, await changesSinceRecorded(table, recorded, loaded, outcomes)));
  }
  await engine.exec(recordSql(tables, loaded.now));
  await engine.exec(tables.map((table) => `DROP TABLE IF EXISTS ${changedKeysTable(table.name)};`).join('\n'));
  return outcomes;
}
