import { TYPE_COLUMNS } from '../schema/columns';
import { GIVEN_LABELS_FILE_ID, labelEventOf, labelItem, type GivenLabel, type LabelItem } from '../schema/given-label';
import { validateEvent } from '../schema/validate';
import type { Engine, SqlValue } from './engine';
import { NEW_GENERATION_SQL } from './sql/derived/state';
import { ident } from './sql/core/quote';
import { run } from './sql/core/run';

export interface GivenLabelsSync {
  inserted: number;
  removed: number;
  /** Labels of the journal the loaded logs hold the items of: applied. */
  applied: number;
  /** Their ids. */
  appliedIds: string[];
  /** Labels of the journal whose items these logs do not hold: they belong to other logs, and stay in the journal. */
  otherLogs: number;
  /** Labels of the journal a loaded file holds too (an export of them loaded back): that copy stands, counted once. */
  inLoadedFiles: number;
  /** The `seq` after every stored row: loads number their rows from here on. */
  nextSeq: number;
}

const LABEL_COLUMNS = TYPE_COLUMNS.label;

const SEPARATOR = '\u001f';

/** Where a loaded event defines each kind of item (never a label given here). */
const ITEM_SOURCES: Record<LabelItem['kind'], string[]> = {
  retrieval: [`SELECT retrieval_id AS id FROM events_retrieval`],
  turn: [`SELECT turn_id AS id FROM events_retrieval`, `SELECT turn_id AS id FROM events_prompt`],
  event: [`SELECT event_id AS id FROM events WHERE file_id <> ${GIVEN_LABELS_FILE_ID}`],
};

/** The labels of `journal` whose item (a retrieval, a turn, an answer) some loaded file defines. */
export async function labelsWithLoadedItems(engine: Engine, journal: readonly GivenLabel[]): Promise<GivenLabel[]> {
  if (journal.length === 0) return [];
  const items = journal.map(labelItem);
  const present = new Map<LabelItem['kind'], Set<string>>();
  for (const kind of Object.keys(ITEM_SOURCES) as LabelItem['kind'][]) {
    const ids = [...new Set(items.filter((item) => item.kind === kind).map((item) => item.id))];
    if (ids.length === 0) continue;
    const rows = await run(engine, {
      sql: `SELECT DISTINCT id FROM (${ITEM_SOURCES[kind].join(' UNION ALL ')}) WHERE id IN (SELECT unnest(string_split(?, chr(31))))`, params: [ids.join(SEPARATOR)],
    }, { id: 'string' });
    present.set(kind, new Set(rows.map((row) => row.id)));
  }
  return journal.filter((_, index) => present.get(items[index].kind)?.has(items[index].id) ?? false);
}

/**
 * Makes the dataset hold exactly the labels of the journal that belong to it, as `label` events
 * with file_id GIVEN_LABELS_FILE_ID: inserts those it lacks (after every stored row, in journal
 * order) and removes those taken back. A label belongs to the loaded logs when they hold its item
 * (the retrieval, turn or answer it judges); the others belong to other logs and wait in the
 * journal, never applied here (they would be references to nothing, and their annotators would
 * appear on logs they never saw).
 */
export async function syncGivenLabels(engine: Engine, journal: readonly GivenLabel[]): Promise<GivenLabelsSync> {
  const belonging = await labelsWithLoadedItems(engine, journal);
  const inFiles = await labelIdsInLoadedFiles(engine, belonging);
  const wanted = belonging.filter((label) => !inFiles.has(label.event_id));
  const stored = new Set((await run(engine,
    `SELECT event_id FROM events_label WHERE file_id = ${GIVEN_LABELS_FILE_ID}`, { event_id: 'string' })).map((row) => row.event_id));
  const wantedIds = new Set(wanted.map((label) => label.event_id));
  const gone = [...stored].filter((id) => !wantedIds.has(id));
  const added = wanted.filter((label) => !stored.has(label.event_id));
  if (gone.length > 0) {
    await engine.query(`DELETE FROM events_label WHERE file_id = ${GIVEN_LABELS_FILE_ID} AND list_contains(string_split(?, chr(31)), event_id)`, [gone.join(SEPARATOR)]);
    await engine.exec(NEW_GENERATION_SQL);
  }
  let [{ next_seq: nextSeq }] = await run(engine, 'SELECT (coalesce(max(seq), -1) + 1)::INTEGER AS next_seq FROM events', { next_seq: 'number' });
  for (const label of added) await insertLabel(engine, label, nextSeq++);
  return {
    inserted: added.length, removed: gone.length, applied: wanted.length, appliedIds: [...wantedIds], otherLogs: journal.length - belonging.length, inLoadedFiles: inFiles.size, nextSeq,
  };
}

/** The ids of `labels` that a loaded file holds as label events of its own (the same label, exported and loaded back). */
async function labelIdsInLoadedFiles(engine: Engine, labels: readonly GivenLabel[]): Promise<Set<string>> {
  if (labels.length === 0) return new Set();
  // The file is told apart here, not in the WHERE: in the browser, on a dataset restored from its
  // storage, DuckDB-wasm 1.32 answered `file_id <> 0 AND event_id IN (…)` with rows of file 0.
  const rows = await run(engine, {
    sql: `SELECT event_id, file_id FROM events_label WHERE event_id IN (SELECT unnest(string_split(?, chr(31))))`,
    params: [labels.map((label) => label.event_id).join(SEPARATOR)],
  }, { event_id: 'string', file_id: 'number' });
  return new Set(rows.filter((row) => row.file_id !== GIVEN_LABELS_FILE_ID).map((row) => row.event_id));
}

/** One given label as a row of `events_label`, its fields checked by the schema as any loaded label's are. */
async function insertLabel(engine: Engine, label: GivenLabel, seq: number): Promise<void> {
  const validation = validateEvent(labelEventOf(label), new Set());
  if (!validation.ok) throw new Error(`label ${label.event_id}: ${validation.rejection.message}`);
  const values: Record<string, unknown> = { ...validation.event.values, file_id: GIVEN_LABELS_FILE_ID, line: null, seq, extra: validation.event.extra };
  const params: SqlValue[] = [];
  const placeholders = LABEL_COLUMNS.map((column) => {
    const value = values[column.name];
    if (value === undefined || value === null) return 'NULL';
    if (Array.isArray(value)) {
      params.push(value.join('\u001f'));
      return `list_filter(string_split(?, chr(31)), item -> item <> '')`;
    }
    params.push(value as SqlValue);
    return '?';
  });
  await engine.query(
    `INSERT INTO events_label (${LABEL_COLUMNS.map((column) => ident(column.name)).join(', ')}) VALUES (${placeholders.join(', ')})`, params);
}
