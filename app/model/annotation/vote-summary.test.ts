import { beforeEach, describe, expect, it } from 'vitest';
import type { ItemLabelRow } from './item-labels';
import { shownValue, summarizeVotes } from './vote-summary';

let order = 0;
const label = (fields: Partial<ItemLabelRow>): ItemLabelRow => ({
  event_id: `l${++order}`, kind: 'relevance', retrieval_id: 'r1', query: null, asset_id: 'a1', grade: null, role: null, turn_id: null,
  retrieval_intent: null, intents: null, target_event_id: null, verdict: null, note: null, annotator: null, adjudicated: false,
  ts: Date.UTC(2026, 9, 1, 10, order), label_order: order, given_here: false, file: 'labels.csv', ...fields,
});

describe('summarizeVotes', () => {
  beforeEach(() => {
    order = 0;
  });

  it('each annotator once with their latest value, a disagreement, the adjudication by whom', () => {
    const labels = [
      label({ annotator: 'li', grade: 1 }), label({ annotator: 'zhou', grade: 1 }), label({ annotator: 'li', grade: 3, given_here: true, file: null }),
      label({ annotator: 'lead', grade: 2, adjudicated: true, note: 'the brief asks for a poster' }),
    ];
    const summary = summarizeVotes(labels, 'li');
    expect(summary.line).toBe('li: 3 · zhou: 1 · adjudicated: 2 by lead');
    expect(summary.disagreement).toBe(true);
    expect(summary.votes.map((vote) => [vote.who, vote.mine])).toEqual([['li', true], ['zhou', false]]);
    expect(summary.mine?.grade).toBe(3);
    expect(summary.history.split('\n')).toEqual([
      'li: 1 · 2026-10-01 10:01:00Z · labels.csv',
      'zhou: 1 · 2026-10-01 10:02:00Z · labels.csv',
      'li: 3 · 2026-10-01 10:03:00Z · given here',
      'lead (adjudicating): 2 · 2026-10-01 10:04:00Z · labels.csv · “the brief asks for a poster”',
    ]);
  });

  it('a label without annotator is a vote of its own; without ts it says so; nobody named owns nothing', () => {
    const summary = summarizeVotes([label({ grade: 2, ts: null }), label({ grade: 0 })], null);
    expect(summary.line).toBe('unnamed: 2 · unnamed: 0');
    expect(summary.disagreement).toBe(false);
    expect(summary.mine).toBeNull();
    expect(summary.history).toContain('unnamed: 2 · no time · labels.csv');
  });

  it('agreeing annotators are no disagreement; an adjudicator is the latest label of their own', () => {
    const summary = summarizeVotes([label({ annotator: 'a', grade: 2 }), label({ annotator: 'b', grade: 2 }), label({ annotator: 'b', grade: 0, adjudicated: true })], 'b');
    expect(summary.disagreement).toBe(false);
    expect(summary.mine?.adjudicated).toBe(true);
  });
});

describe('shownValue', () => {
  it.each([
    [label({ grade: 0 }), '0'],
    [label({ kind: 'role', role: 'browse' }), 'browse'],
    [label({ kind: 'intent', retrieval_intent: true, intents: ['find', 'edit'] }), 'yes (find, edit)'],
    [label({ kind: 'intent', retrieval_intent: false, intents: [] }), 'no'],
    [label({ kind: 'answer_review', verdict: 'wrong' }), 'wrong'],
  ])('%#: %s', (row, text) => expect(shownValue(row)).toBe(text));
});
