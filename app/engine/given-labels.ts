import { TYPE_COLUMNS } from '../schema/columns';
import { GIVEN_LABELS_FILE_ID, labelEventOf, type GivenLabel } from '../schema/given-label';
import { validateEvent } from '../schema/validate';
import type { Engine, SqlValue } from './engine';
import { NEW_GENERATION_SQL } from './sql/derived/state';
import { ident } from './sql/quote';

export interface GivenLabelsSync {
  inserted: number;
  removed: number;
  /** The `seq` after every stored row: loads number their rows from here on. */
  nextSeq: number;
}

const LABEL_COLUMNS = TYPE_COLUMNS.label;

/**
 * Makes the dataset hold exactly the labels of the journal as `label` events with file_id
 * GIVEN_LABELS_FILE_ID: inserts those it lacks (after every stored row, in journal order) and
 * removes those taken back. Given labels apply only to a dataset with loaded files: with none
 * there is nothing for them to judge (they wait in the journal).
 */
export async function syncGivenLabels(engine: Engine, journal: readonly GivenLabel[]): Promise<GivenLabelsSync> {
  const [{ files }] = await engine.query<{ files: number }>('SELECT count(*)::INTEGER AS files FROM files');
  const wanted = files > 0 ? journal : [];
  const stored = new Set((await engine.query<{ event_id: string }>(
    `SELECT event_id FROM events_label WHERE file_id = ${GIVEN_LABELS_FILE_ID}`)).map((row) => row.event_id));
  const wantedIds = new Set(wanted.map((label) => label.event_id));
  const gone = [...stored].filter((id) => !wantedIds.has(id));
  const added = wanted.filter((label) => !stored.has(label.event_id));
  if (gone.length > 0) {
    await engine.query(`DELETE FROM events_label WHERE file_id = ${GIVEN_LABELS_FILE_ID} AND list_contains(string_split(?, chr(31)), event_id)`, [gone.join('\u001f')]);
    await engine.exec(NEW_GENERATION_SQL);
  }
  let [{ next_seq: nextSeq }] = await engine.query<{ next_seq: number }>('SELECT (coalesce(max(seq), -1) + 1)::INTEGER AS next_seq FROM events');
  for (const label of added) await insertLabel(engine, label, nextSeq++);
  return { inserted: added.length, removed: gone.length, nextSeq };
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
