import { describe, expect, it } from 'vitest';
import { at, makePrompt, makeRetrieval, type TestEvent } from '../metrics/fixtures';
import { loadQuestions, loadReviewItems } from './review-items';
import { loadedTestEngine } from '../metrics/loaded-test-engine';

const gate = (id: string, fields: TestEvent): TestEvent => ({ type: 'gate', event_id: id, ts: at(1), session_id: 's1', request_id: 'q1', ...fields });
const review = (annotator: string, verdict: string, minutes: number): TestEvent =>
  ({ type: 'label', kind: 'answer_review', target_event_id: 'resp1', verdict, annotator, ts: new Date(at(minutes)).toISOString() });

/**
 * s1/q1: a question, two retrievals (one empty), an older `clarify` gate and the latest `answer`
 * gate, and an answer citing one returned asset and one nobody returned. s1/q2 is another request
 * of the same session; s2 answers by turn only (no request id), and s3 has a prompt of the same
 * turn id in another session.
 */
const DATASET: TestEvent[] = [
  makePrompt('t1', { event_id: 'p1', request_id: 'q1', text: 'How do I return a parcel?', category: 'returns' }),
  makeRetrieval('r1', { event_id: 'e-r1', request_id: 'q1', returned_asset_ids: ['a1', 'a2', 'a3'], scores: [0.9, 0.7, 0.5], ts: at(0.5) }),
  makeRetrieval('r2', { event_id: 'e-r2', request_id: 'q1', returned_asset_ids: [], ts: at(0.6) }),
  gate('g-old', { decision: 'clarify', ts: at(0.7), retrieval_id: 'r2' }),
  gate('g1', { decision: 'answer', reason: 'ok', dense_score: 0.81, sparse_score: 7.5, top_gap: 0.2, doc_count: 3, category: 'returns', retrieval_id: 'r1' }),
  { type: 'response', event_id: 'resp1', ts: at(2), session_id: 's1', turn_id: 't1', request_id: 'q1', text: 'Print the label.', cited_asset_ids: ['a2', 'a9'] },
  makePrompt('t9', { event_id: 'p9', request_id: 'q2', ts: at(5) }),
  makeRetrieval('r3', { event_id: 'e-r3', request_id: 'q2', turn_id: 't9', returned_asset_ids: ['a1'], ts: at(5) }),
  makePrompt('t2', { event_id: 'p2', session_id: 's2', request_id: undefined, text: 'Where is my order?' }),
  makePrompt('t2', { event_id: 'p2-other', session_id: 's3', text: 'someone else' }),
  makeRetrieval('r4', { event_id: 'e-r4', session_id: 's2', request_id: undefined, turn_id: 't2', returned_asset_ids: ['a3'] }),
  { type: 'response', event_id: 'resp2', ts: at(3), session_id: 's2', turn_id: 't2', text: 'On its way.' },
  { type: 'asset', asset_id: 'a1', title: 'Returns policy', text: 'You may return within 30 days.', kind: 'article' },
  { type: 'asset', asset_id: 'a2', title: 'Return labels', text: 'Print the label from your orders page.', kind: 'article' },
  review('ann-a', 'correct', 10),
  review('ann-b', 'wrong', 11),
];

const engine = loadedTestEngine(DATASET);

describe('loadReviewItems', () => {
  it('gives the question, the latest gate, the request\'s retrievals with catalog titles and citations, and the verdicts', async () => {
    const { items, labels } = await loadReviewItems(engine, ['resp1']);
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item.question).toBe('How do I return a parcel?');
    expect(item.response).toMatchObject({ event_id: 'resp1', week: '2026-W40', session_id: 's1', text: 'Print the label.', prompt_category: 'returns' });
    expect(item.gate).toEqual({
      decision: 'answer', reason: 'ok', category: 'returns', dense_score: 0.81, sparse_score: 7.5, top_gap: 0.2, doc_count: 3, retrieval_id: 'r1',
    });
    expect(item.retrievals.map((r) => [r.retrieval_id, r.gatedOn, r.assets.length])).toEqual([['r1', true, 3], ['r2', false, 0]]);
    expect(item.retrievals[0].assets).toEqual([
      { asset_id: 'a1', rank: 1, score: 0.9, title: 'Returns policy', text: 'You may return within 30 days.', kind: 'article', cited: false },
      { asset_id: 'a2', rank: 2, score: 0.7, title: 'Return labels', text: 'Print the label from your orders page.', kind: 'article', cited: true },
      { asset_id: 'a3', rank: 3, score: 0.5, title: null, text: null, kind: null, cited: false },
    ]);
    expect(item.citedReturned).toBe(1);
    expect(item.citedNotReturned).toEqual([{ asset_id: 'a9', rank: null, score: null, title: null, text: null, kind: null, cited: true }]);
    expect(labels.map((label) => [label.annotator, label.verdict, label.given_here, label.file])).toEqual([
      ['ann-a', 'correct', false, 'fixture-1.jsonl'], ['ann-b', 'wrong', false, 'fixture-1.jsonl'],
    ]);
  });

  it('matches by turn when the response has no request id, stays in its session, keeps the order asked for and skips unknown ids', async () => {
    const { items, labels } = await loadReviewItems(engine, ['resp2', 'nope', 'resp1']);
    expect(items.map((item) => item.response.event_id)).toEqual(['resp2', 'resp1']);
    const [byTurn] = items;
    expect(byTurn.question).toBe('Where is my order?');
    expect(byTurn.gate).toBeNull();
    expect(byTurn.retrievals.map((r) => r.retrieval_id)).toEqual(['r4']);
    expect(byTurn.citedNotReturned).toEqual([]);
    expect(labels).toHaveLength(2);
  });
});

describe('loadQuestions', () => {
  it('the question behind each response; an unknown id gives none', async () => {
    const questions = await loadQuestions(engine, ['resp1', 'resp2', 'nope']);
    expect([...questions.entries()].sort()).toEqual([['resp1', 'How do I return a parcel?'], ['resp2', 'Where is my order?']]);
  });
});
