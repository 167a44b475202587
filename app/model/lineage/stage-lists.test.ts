import { describe, expect, it } from 'vitest';
import type { Stage } from '../../schema/stages';
import { compactScore, stageComparison, usedRankText, type StageComparisonInput } from './stage-lists';

/** A hybrid retriever: BM25 and a dense path fused, then reranked; the agent used a3 and a9, a user rejected a1. */
const STAGES: Stage[] = [
  { name: 'bm25', kind: 'retriever', asset_ids: ['a1', 'a2', 'a3'], scores: [12.5, 9.25, 7] },
  { name: 'vector', kind: 'retriever', asset_ids: ['a4', 'a1', 'a2'] },
  { name: 'rrf', kind: 'fusion', asset_ids: ['a1', 'a4', 'a2', 'a3'] },
  { name: 'rerank', kind: 'rerank', asset_ids: ['a3', 'a1'], scores: [0.91, 0.42] },
];

const input = (overrides: Partial<StageComparisonInput> = {}): StageComparisonInput => ({
  stages: STAGES,
  returned: ['a3', 'a1'],
  scores: [0.91, 0.42],
  consumed: new Map([['a9', 'used'], ['a1', 'rejected'], ['a3', 'used']]),
  titles: new Map([['a3', 'Refund policy']]),
  ...overrides,
});

describe('stageComparison', () => {
  it('is null for a retrieval without stages', () => {
    expect(stageComparison(input({ stages: [] }))).toBeNull();
  });

  it('lists each stage in pipeline order, then the returned list, with titles, scores and the used rows marked', () => {
    const { lists } = stageComparison(input())!;
    expect(lists.map((list) => [list.label, list.kind, list.size, list.hidden])).toEqual([
      ['bm25', 'retriever', 3, 0], ['vector', 'retriever', 3, 0], ['rrf', 'fusion', 4, 0], ['rerank', 'rerank', 2, 0], ['returned', 'returned', 2, 0],
    ]);
    expect(lists[0].rows).toEqual([
      { position: 1, assetId: 'a1', title: null, score: 12.5, rank: 1, used: true },
      { position: 2, assetId: 'a2', title: null, score: 9.25, rank: 2, used: false },
      { position: 3, assetId: 'a3', title: 'Refund policy', score: 7, rank: 3, used: true },
    ]);
    expect(lists[1].rows.map((row) => row.score)).toEqual([null, null, null]);
  });

  it("gives each consumed asset's rank in every list, in the returned order, the unreturned after", () => {
    const { used } = stageComparison(input())!;
    expect(used.map((asset) => [asset.assetId, asset.title, asset.usage, usedRankText(asset.places)])).toEqual([
      ['a3', 'Refund policy', 'used', '#3 in bm25 · not in vector · #4 in rrf · #1 in rerank · #1 returned'],
      ['a1', null, 'rejected', '#1 in bm25 · #2 in vector · #1 in rrf · #2 in rerank · #2 returned'],
      ['a9', null, 'used', 'not in bm25 · not in vector · not in rrf · not in rerank · not returned'],
    ]);
  });

  it('counts a repeat at its first rank (as the metrics do) and tells repeated stage names apart', () => {
    const { lists, used } = stageComparison(input({
      stages: [
        { name: 'VectorIndexRetriever', kind: 'retriever', asset_ids: ['a2', 'a2', 'a3'] },
        { name: 'VectorIndexRetriever', kind: 'retriever', asset_ids: ['a3'] },
      ],
      returned: ['a3'],
      consumed: new Map([['a3', 'used']]),
    }))!;
    expect(lists.map((list) => list.label)).toEqual(['VectorIndexRetriever', 'VectorIndexRetriever (2)', 'returned']);
    expect(lists[0].rows.map((row) => row.rank)).toEqual([1, null, 2]);
    expect(lists[0].size).toBe(2);
    expect(usedRankText(used[0].places)).toBe('#2 in VectorIndexRetriever · #1 in VectorIndexRetriever (2) · #1 returned');
  });

  it('shows the top of a long list and says how many more; the used ranks count all of it', () => {
    const long = Array.from({ length: 250 }, (_, index) => `d${index + 1}`);
    const { lists, used } = stageComparison(input({
      stages: [{ name: 'bm25', kind: 'retriever', asset_ids: long }], returned: ['d240'], scores: null, consumed: new Map([['d240', 'used']]), shown: 100,
    }))!;
    expect(lists[0].rows).toHaveLength(100);
    expect(lists[0].hidden).toBe(150);
    expect(usedRankText(used[0].places)).toBe('#240 in bm25 · #1 returned');
  });

  it('a failed or empty retrieval still shows its stages beside an empty returned list', () => {
    const { lists } = stageComparison(input({ returned: null, scores: null, consumed: new Map() }))!;
    expect(lists.at(-1)).toEqual({ label: 'returned', kind: 'returned', size: 0, rows: [], hidden: 0 });
  });
});

describe('compactScore', () => {
  it.each([
    [null, ''],
    [0.91234, '0.912'],
    [-1.5, '-1.500'],
    [12.345, '12.35'],
    [143.7, '144'],
    [7, '7'],
  ])('%o → %s', (score, expected) => {
    expect(compactScore(score)).toBe(expected);
  });
});
