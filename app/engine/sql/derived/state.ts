import { typeTable } from '../../../schema/columns';
import { EVENT_TYPE_NAMES } from '../../../schema/event-types';
import { TYPE_VIEWS } from '../ddl';
import { ident, literal } from '../core/quote';
import type { RowOf } from '../core/row-spec';

/**
 * `dataset_generation`: within one generation the loaded tables only grow (a load appends rows
 * with new, larger `seq`); clearing the dataset or forgetting a file starts a new one.
 * `derived_table_inputs`: per derived table and input, the input as the table last saw it.
 */
export const DERIVED_STATE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS dataset_generation AS SELECT 0::BIGINT AS generation;
CREATE TABLE IF NOT EXISTS derived_table_inputs (
  derived_table VARCHAR, definition VARCHAR, input VARCHAR, generation BIGINT, row_count BIGINT, max_position BIGINT);`;

export const NEW_GENERATION_SQL = `${DERIVED_STATE_SCHEMA_SQL}\nUPDATE dataset_generation SET generation = generation + 1;`;

interface InputTable {
  stored: string;
  view: string;
  /** A column that grows with every append. */
  position: string;
}

const INPUT_TABLES: Record<string, InputTable> = {
  ...Object.fromEntries(EVENT_TYPE_NAMES.map((type) => [type, { stored: typeTable(type), view: TYPE_VIEWS[type], position: 'seq' }])),
  files: { stored: 'files', view: 'files', position: 'file_id' },
};

/** An input (an event type's table, or `files`) at one moment, as `derived_table_inputs` records it. */
export const INPUT_STATE_ROW = { generation: 'number', row_count: 'number', max_position: 'number' } as const;

export type InputState = RowOf<typeof INPUT_STATE_ROW>;

/** Every loaded input now: (input, generation, row_count, max_position). */
export const INPUT_SNAPSHOT_SQL = `
SELECT i.input, g.generation, i.row_count, i.max_position FROM (
${Object.entries(INPUT_TABLES)
  .map(([input, { stored, position }]) =>
    `  SELECT ${literal(input)} AS input, count(*) AS row_count, coalesce(max(${position}), -1) AS max_position FROM ${ident(stored)}`)
  .join('\n  UNION ALL\n')}
) i, dataset_generation g`;

export const INPUT_SNAPSHOT_ROW = { input: 'string', ...INPUT_STATE_ROW } as const;

/** What each derived table last saw of each input (`SELECT *` of `derived_table_inputs`). */
export const RECORDED_INPUT_ROW = { derived_table: 'string', definition: 'string', input: 'string', ...INPUT_STATE_ROW } as const;

/** The rows of `input` appended after `position`, as a relation. */
export function appendedRowsSql(input: string, position: number): string {
  const table = INPUT_TABLES[input];
  return `(SELECT * FROM ${ident(table.view)} WHERE ${table.position} > ${Math.trunc(position)})`;
}

export const APPENDED_COUNT_ROW = { n: 'number' } as const;

export function appendedCountSql(input: string, position: number): string {
  const table = INPUT_TABLES[input];
  return `SELECT count(*) AS n FROM ${ident(table.stored)} WHERE ${table.position} > ${Math.trunc(position)}`;
}
