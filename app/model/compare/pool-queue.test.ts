import { describe, expect, it } from 'vitest';
import { GIVEN_LABEL_VERSION, type GivenLabel } from '../../schema/given-label';
import { givenRelevance, poolItemDone, poolItemGrade, poolItemKey, unsettledFigures } from './pool-queue';

let n = 0;
const relevance = (retrieval_id: string, asset_id: string, grade: 0 | 1 | 2 | 3): GivenLabel =>
  ({ kind: 'relevance', retrieval_id, asset_id, grade, version: GIVEN_LABEL_VERSION, event_id: `e${++n}`, annotator: 'ann', ts: n });

const item = { query: 'q', asset_id: 'p', retrieval_ids: ['r1', 'r2'] };

describe('the pool queue', () => {
  it('names an item by its query and asset, whatever they hold', () => {
    expect(poolItemKey(item)).toBe('["q","p"]');
    expect(poolItemKey({ query: 'a","b', asset_id: 'c' })).not.toBe(poolItemKey({ query: 'a', asset_id: 'b","c' }));
  });

  it('an item is done when each of its lists has a label for its asset', () => {
    expect(poolItemDone(item, givenRelevance([relevance('r1', 'p', 1)]))).toBe(false);
    expect(poolItemDone(item, givenRelevance([relevance('r1', 'p', 1), relevance('r2', 'x', 1)]))).toBe(false);
    expect(poolItemDone(item, givenRelevance([relevance('r1', 'p', 1), relevance('r2', 'p', 1)]))).toBe(true);
  });

  it('reads the grade given when the lists agree, the latest label of each', () => {
    expect(poolItemGrade(item, givenRelevance([relevance('r1', 'p', 1)]))).toBe(null);
    expect(poolItemGrade(item, givenRelevance([relevance('r1', 'p', 1), relevance('r2', 'p', 1)]))).toBe(1);
    expect(poolItemGrade(item, givenRelevance([relevance('r1', 'p', 1), relevance('r2', 'p', 1), relevance('r2', 'p', 3)]))).toBe(null);
  });

  it('lists the unsettled figures in order', () => {
    expect(unsettledFigures({ p_at_1: true, p_at_k: false, ndcg_at_k: false, mrr: true })).toEqual(['p_at_k', 'ndcg_at_k']);
  });
});
