import { describe, expect, it } from 'vitest';
import { pairQueries, type QueryScoreRow } from './pairing';
import { sideBySide } from './shape-compare';

const row = (query: string, judged: number, sum: number, sumRr = sum): QueryScoreRow => ({
  query, judged, sum_p_at_1: sum, sum_p_at_k: sum / 10, sum_recall_at_k: sum, sum_ndcg_at_k: sum, sum_rr: sumRr,
});

describe('pairQueries', () => {
  it('pairs the texts judged in both slices, in code-unit order, each side the mean over its judged retrievals', () => {
    const pairing = pairQueries(
      [row('b', 2, 1, 1.5), row('a', 1, 0), row('only A', 1, 1), row('__proto__', 1, 1)],
      [row('a', 4, 3), row('b', 1, 1), row('B', 1, 1), row('__proto__', 1, 0)],
    );
    expect(pairing.queries.map((query) => query.query)).toEqual(['__proto__', 'a', 'b']);
    const [, a, b] = pairing.queries;
    expect(a).toMatchObject({ a_judged: 1, b_judged: 4, a: { p_at_1: 0 }, b: { p_at_1: 0.75, p_at_k: 0.075 }, delta: { p_at_1: 0.75 } });
    // b: A has two judged retrievals with sums 1 (P@1) and 1.5 (RR): means 0.5 and 0.75
    expect(b).toMatchObject({ a: { p_at_1: 0.5, mrr: 0.75 }, b: { p_at_1: 1, mrr: 1 }, delta: { p_at_1: 0.5, mrr: 0.25 } });
    expect(pairing.queries[0].delta.p_at_1).toBe(-1);
    expect([pairing.onlyA, pairing.onlyB]).toEqual([1, 1]);
  });

  it('a query with no judged retrieval in a slice is not paired (nor counted for that slice)', () => {
    const pairing = pairQueries([row('q', 0, 0), row('r', 1, 1)], [row('q', 2, 2), row('r', 0, 0)]);
    expect(pairing.queries).toEqual([]);
    expect([pairing.onlyA, pairing.onlyB]).toEqual([1, 1]);
  });
});

describe('sideBySide', () => {
  it('delta = b − a, null when either side is null', () => {
    expect(sideBySide(0.25, 0.75)).toEqual({ a: 0.25, b: 0.75, delta: 0.5 });
    expect(sideBySide(null, 0.75)).toEqual({ a: null, b: 0.75, delta: null });
    expect(sideBySide(3, null)).toEqual({ a: 3, b: null, delta: null });
  });
});
