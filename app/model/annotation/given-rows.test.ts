import { describe, expect, it } from 'vitest';
import { GIVEN_LABEL_VERSION, type GivenLabel } from '../../schema/given-label';
import { withGivenLabels } from './given-rows';
import type { ItemLabelRow } from './item-labels';

const row = (event_id: string, label_order: number, given_here: boolean): ItemLabelRow => ({
  event_id, kind: 'relevance', retrieval_id: 'r1', query: null, asset_id: 'a1', grade: 1, role: null, turn_id: null,
  retrieval_intent: null, intents: null, target_event_id: null, verdict: null, note: null, annotator: 'x',
  adjudicated: false, ts: 1, label_order, given_here, file: given_here ? null : 'labels.csv',
});
const given = (event_id: string, retrieval_id: string): GivenLabel =>
  ({ version: GIVEN_LABEL_VERSION, event_id, annotator: 'me', ts: 5, kind: 'relevance', retrieval_id, asset_id: 'a2', grade: 3, note: 'n' });

describe('labels shown right after a keypress', () => {
  it('adds labels given since the query ran, drops labels taken back, keeps file labels', () => {
    const rows = [row('file-1', 1, false), row('kept', 2, true), row('taken-back', 3, true)];
    const shown = withGivenLabels(rows, [given('kept', 'r1'), given('new', 'r1'), given('elsewhere', 'r2')], (label) => label.kind === 'relevance' && label.retrieval_id === 'r1');
    expect(shown.map((label) => [label.event_id, label.label_order])).toEqual([['file-1', 1], ['kept', 2], ['new', 4]]);
    expect(shown[2]).toMatchObject({ annotator: 'me', asset_id: 'a2', grade: 3, note: 'n', given_here: true, role: null, turn_id: null });
  });
});
