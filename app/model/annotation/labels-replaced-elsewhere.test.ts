import { describe, expect, it } from 'vitest';
import { GIVEN_LABEL_VERSION, type GivenLabel, type LabelInput } from '../../schema/given-label';
import { labelsReplacedElsewhere, replacedLabelText } from './labels-replaced-elsewhere';

const label = (event_id: string, ts: number, input: LabelInput, annotator = 'rt'): GivenLabel =>
  ({ ...input, version: GIVEN_LABEL_VERSION, annotator, ts, event_id }) as GivenLabel;
const grade = (event_id: string, ts: number, g: 0 | 1 | 2 | 3, asset = 'a1', annotator = 'rt') =>
  label(event_id, ts, { kind: 'relevance', retrieval_id: 'r1', asset_id: asset, grade: g }, annotator);
const ids = (replaced: ReturnType<typeof labelsReplacedElsewhere>) => replaced.map(({ mine, winner }) => [mine.event_id, winner.event_id]);

describe('labels given in this tab and replaced in another', () => {
  it('a later grade from another tab on the same asset replaces mine; an earlier one or another asset does not', () => {
    const journal = [grade('other-early', 1, 3), grade('mine', 2, 2), grade('other-late', 3, 0), grade('other-asset', 4, 1, 'a2')];
    expect(ids(labelsReplacedElsewhere(journal, new Set(['mine'])))).toEqual([['mine', 'other-late']]);
    expect(ids(labelsReplacedElsewhere(journal.slice(0, 2), new Set(['mine'])))).toEqual([]);
  });

  it('the same value given again elsewhere, another annotator, or my own later label are no replacement', () => {
    expect(ids(labelsReplacedElsewhere([grade('mine', 1, 2), grade('other', 2, 2)], new Set(['mine'])))).toEqual([]);
    expect(ids(labelsReplacedElsewhere([grade('mine', 1, 2), grade('other', 2, 0, 'a1', 'kb')], new Set(['mine'])))).toEqual([]);
    expect(ids(labelsReplacedElsewhere([grade('mine-1', 1, 2), grade('mine-2', 2, 0)], new Set(['mine-1', 'mine-2'])))).toEqual([]);
    // Only the newest of my labels on the slot is reported, once.
    expect(ids(labelsReplacedElsewhere([grade('mine-1', 1, 2), grade('mine-2', 2, 1), grade('other', 3, 0)], new Set(['mine-1', 'mine-2'])))).toEqual([['mine-2', 'other']]);
  });

  it('equal times: the larger id is the later label, as the journal orders them', () => {
    expect(ids(labelsReplacedElsewhere([grade('b-mine', 5, 2), grade('c-other', 5, 0)], new Set(['b-mine'])))).toEqual([['b-mine', 'c-other']]);
    expect(ids(labelsReplacedElsewhere([grade('a-other', 5, 0), grade('b-mine', 5, 2)], new Set(['b-mine'])))).toEqual([]);
  });

  it('each kind has its own slot and says what won', () => {
    const journal = [
      label('role-mine', 1, { kind: 'role', retrieval_id: 'r1', role: 'reference' }),
      label('role-other', 2, { kind: 'role', retrieval_id: 'r1', role: 'constraint' }),
      label('verdict-mine', 3, { kind: 'answer_review', target_event_id: 'resp-9', verdict: 'correct' }),
      label('verdict-other', 4, { kind: 'answer_review', target_event_id: 'resp-9', verdict: 'wrong' }),
      label('intent-mine', 5, { kind: 'intent', turn_id: 't1', retrieval_intent: true, intents: ['find', 'compare'] }),
      label('intent-other', 6, { kind: 'intent', turn_id: 't1', retrieval_intent: true, intents: ['compare', 'find'] }),
      grade('grade-mine', 7, 3),
      grade('grade-other', 8, 1),
    ];
    const replaced = labelsReplacedElsewhere(journal, new Set(['role-mine', 'verdict-mine', 'intent-mine', 'grade-mine']));
    expect(replaced.map(replacedLabelText)).toEqual([
      'Your role "reference" of r1 was replaced by "constraint", given later in another tab: rt\'s latest label counts.',
      'Your verdict "correct" on answer resp-9 was replaced by "wrong", given later in another tab: rt\'s latest label counts.',
      'Your grade 3 of a1 in r1 was replaced by grade 1, given later in another tab: rt\'s latest label counts.',
    ]);
  });
});
