import { describe, expect, it } from 'vitest';
import { GIVEN_LABEL_VERSION, labelEventOf, labelItem, readGivenLabel, type GivenLabel, type LabelInput, type LabelItem } from './given-label';

const label = (fields: Partial<GivenLabel> = {}): GivenLabel =>
  ({ kind: 'role', retrieval_id: 'r1', role: 'reference', version: GIVEN_LABEL_VERSION, event_id: 'label-1', annotator: 'ann', ts: 0, ...fields }) as GivenLabel;

describe('a given label and its dataset', () => {
  it('reads a label with or without the dataset it was given on, and refuses a dataset that is not text', () => {
    expect(readGivenLabel(label())).not.toBeNull();
    expect(readGivenLabel(label({ dataset: '0123456789abcdef' }))?.dataset).toBe('0123456789abcdef');
    expect(readGivenLabel({ ...label(), dataset: 7 })).toBeNull();
  });

  it('keeps the dataset out of the label event', () => {
    expect(labelEventOf(label({ dataset: '0123456789abcdef' }))).not.toHaveProperty('dataset');
  });

  it.each<[LabelInput, LabelItem]>([
    [{ kind: 'relevance', retrieval_id: 'r1', asset_id: 'a1', grade: 2 }, { kind: 'retrieval', id: 'r1' }],
    [{ kind: 'role', retrieval_id: 'r2', role: 'reference' }, { kind: 'retrieval', id: 'r2' }],
    [{ kind: 'intent', turn_id: 't1', retrieval_intent: true, intents: [] }, { kind: 'turn', id: 't1' }],
    [{ kind: 'answer_review', target_event_id: 'resp-1', verdict: 'wrong' }, { kind: 'event', id: 'resp-1' }],
  ])('the item of %j is %j', (input, item) => {
    expect(labelItem(input)).toEqual(item);
  });
});
