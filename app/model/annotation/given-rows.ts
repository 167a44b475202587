import type { GivenLabel } from '../../schema/given-label';
import type { ItemLabelRow } from './item-labels';

/**
 * The labels a screen shows right after a keypress: the rows the last query read, with the
 * labels given here since (not in the rows yet) added at the end of label order, and the rows of
 * labels taken back here since left out. `given` is the journal of this browser: every row with
 * `given_here` came from it, so a given-here row whose label is no longer in it was taken back.
 * Only the given labels `belongs` accepts are added (the item or queue on screen).
 */
export function withGivenLabels(rows: readonly ItemLabelRow[], given: readonly GivenLabel[], belongs: (label: GivenLabel) => boolean): ItemLabelRow[] {
  const givenIds = new Set(given.map((label) => label.event_id));
  const kept = rows.filter((row) => !row.given_here || givenIds.has(row.event_id));
  const known = new Set(rows.map((row) => row.event_id));
  const last = rows.reduce((max, row) => Math.max(max, row.label_order), 0);
  const added = given.filter((label) => !known.has(label.event_id) && belongs(label)).map((label, i) => givenRow(label, last + 1 + i));
  return [...kept, ...added];
}

export function givenRow(label: GivenLabel, labelOrder: number): ItemLabelRow {
  const fields: Record<string, unknown> = { ...label };
  const field = (key: string) => fields[key] ?? null;
  return {
    event_id: label.event_id,
    kind: label.kind,
    retrieval_id: field('retrieval_id') as string | null,
    query: null,
    asset_id: field('asset_id') as string | null,
    grade: field('grade') as number | null,
    role: field('role') as string | null,
    turn_id: field('turn_id') as string | null,
    retrieval_intent: field('retrieval_intent') as boolean | null,
    intents: field('intents') as string[] | null,
    target_event_id: field('target_event_id') as string | null,
    verdict: field('verdict') as string | null,
    note: label.note ?? null,
    annotator: label.annotator,
    adjudicated: label.adjudicated ?? false,
    ts: label.ts,
    label_order: labelOrder,
    given_here: true,
    file: null,
  };
}
