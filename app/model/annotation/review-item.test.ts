import { describe, expect, it } from 'vitest';
import { shapeReviewItem, type ReviewResponseRow, type ReviewRetrievalRow } from './review-item';

const makeResponse = (fields: Partial<ReviewResponseRow> = {}): ReviewResponseRow => ({
  event_id: 'resp', ts: 0, week: '2026-W40', session_id: 's', turn_id: 't', request_id: 'q', text: 'answer', cited_asset_ids: null,
  prompt_text: 'question', prompt_category: null, question_id: null, question_text: null, gold_answer: null, gate_decision: null, gate_reason: null, dense_score: null, sparse_score: null,
  top_gap: null, doc_count: null, gate_category: null, gate_retrieval_id: null, ...fields,
});
const makeRetrievalRow = (retrieval_id: string, returned: string[], fields: Partial<ReviewRetrievalRow> = {}): ReviewRetrievalRow => ({
  response_id: 'resp', retrieval_id, ts: 0, query: `query ${retrieval_id}`, role: 'reference', retriever: null,
  returned_asset_ids: returned, scores: null, ...fields,
});

describe('shapeReviewItem', () => {
  it('no gate, no retrievals, no citations', () => {
    const item = shapeReviewItem(makeResponse(), [], []);
    expect(item).toMatchObject({ question: 'question', gate: null, retrievals: [], citedNotReturned: [], citedReturned: 0 });
  });

  it('marks cited assets, the gated retrieval, scores by rank, and keeps only this response\'s retrievals', () => {
    const response = makeResponse({ cited_asset_ids: ['a2', 'a2', 'gone'], gate_decision: 'answer', gate_retrieval_id: 'r2', top_gap: 0.1 });
    const item = shapeReviewItem(response, [
      makeRetrievalRow('r1', ['a1']),
      makeRetrievalRow('r2', ['a2', 'a1'], { scores: [0.8] }),
      makeRetrievalRow('other', ['a2'], { response_id: 'another' }),
    ], [{ asset_id: 'a2', title: 'Two', text: 'text of two', kind: null }]);
    expect(item.gate).toMatchObject({ decision: 'answer', retrieval_id: 'r2', top_gap: 0.1 });
    expect(item.retrievals.map((r) => [r.retrieval_id, r.gatedOn])).toEqual([['r1', false], ['r2', true]]);
    expect(item.retrievals[1].assets.map((a) => [a.asset_id, a.rank, a.score, a.title, a.cited])).toEqual([
      ['a2', 1, 0.8, 'Two', true], ['a1', 2, null, null, false],
    ]);
    expect(item.citedReturned).toBe(1);
    expect(item.citedNotReturned.map((a) => a.asset_id)).toEqual(['gone']);
  });
});
