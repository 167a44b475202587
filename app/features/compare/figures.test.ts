import { describe, expect, it } from 'vitest';
import type { PairedQuery } from '../../model/compare/types';
import { evenlySpaced } from './DeltaChart';
import { deltaTone, formatDelta, formatP, pairedReading } from './figures';
import { lossesAndGains } from './LossesGains';
import { describeSlice, sameSlice } from './url';

describe('which way a delta reads', () => {
  it.each([
    [0.1, 'higher', 'better'], [-0.1, 'higher', 'worse'], [0.1, 'lower', 'worse'], [-0.1, 'lower', 'better'],
    [0, 'higher', 'same'], [null, 'higher', null], [5, null, null],
  ] as const)('delta %s where %s is better: %s', (delta, better, tone) => {
    expect(deltaTone(delta, better)).toBe(tone);
  });

  it('writes rates in points, scores to 3 decimals, counts whole, with a true minus sign', () => {
    expect([formatDelta(1 / 6, 'rate'), formatDelta(-5 / 6, 'score'), formatDelta(-696, 'count'), formatDelta(0, 'score'), formatDelta(null, 'rate')])
      .toEqual(['+16.7 pts', '−0.833', '−696', '±0.000', '—']);
  });
});

describe('the reading of a paired test', () => {
  const statistic = (mean_delta: number | null, p_value: number | null) => ({ mean_delta, p_value, ci_low: null, ci_high: null });
  it.each([
    [statistic(1, 2 / 32), 'no significant difference', 'same'],
    [statistic(0.2, 0.01), 'B better, significant at p < 0.05', 'better'],
    [statistic(-0.2, 0.049), 'B worse, significant at p < 0.05', 'worse'],
    [statistic(-0.2, 0.05), 'no significant difference', 'same'],
    [statistic(null, null), 'no paired query', null],
  ])('%o', (input, text, tone) => {
    expect(pairedReading(input)).toEqual({ text, tone });
  });

  it('prints p to 3 significant digits, tiny ones as a bound', () => {
    expect([formatP(2 / 32), formatP(1), formatP(2 / 2 ** 10), formatP(2 / 2 ** 16), formatP(null)]).toEqual(['0.0625', '1', '0.00195', '< 0.0001', '—']);
  });
});

const query = (text: string, delta: number): PairedQuery => {
  const scores = (value: number) => ({ p_at_1: value, p_at_k: value, recall_at_k: value, ndcg_at_k: value, mrr: value });
  return { query: text, a_judged: 1, b_judged: 1, a: scores(0.5), b: scores(0.5 + delta), delta: scores(delta) };
};

describe('the largest losses and gains', () => {
  it('lists the most negative and most positive deltas, at most 10 each, ties by text, no zero', () => {
    const queries = [query('z', 0), ...Array.from({ length: 12 }, (_, i) => query(`loss ${String(i).padStart(2, '0')}`, -0.01 * (i + 1))), query('gain b', 0.3), query('gain a', 0.3), query('gain c', 0.1)];
    const { losses, gains } = lossesAndGains(queries, 'mrr');
    expect(losses.map((q) => q.query)).toEqual(['loss 11', 'loss 10', 'loss 09', 'loss 08', 'loss 07', 'loss 06', 'loss 05', 'loss 04', 'loss 03', 'loss 02']);
    expect(gains.map((q) => q.query)).toEqual(['gain b', 'gain a', 'gain c']);
  });
});

describe('the chart of many pairs', () => {
  it('keeps every point up to the limit, else evenly spaced ranks with both ends', () => {
    const sorted = Array.from({ length: 1001 }, (_, i) => i);
    expect(evenlySpaced(sorted.slice(0, 5), 5)).toEqual([0, 1, 2, 3, 4]);
    expect(evenlySpaced(sorted, 5)).toEqual([0, 250, 500, 750, 1000]);
  });
});

describe('slices', () => {
  it('are the same when they keep the same values in any order', () => {
    expect(sameSlice({ retriever: ['a', 'b'] }, { retriever: ['b', 'a'] })).toBe(true);
    expect(sameSlice({ retriever: ['a'] }, { retriever: ['a'], from: '2026-10-01' })).toBe(false);
    expect(sameSlice({}, { role: [] })).toBe(true);
  });

  it('read as words', () => {
    expect(describeSlice({ retriever: ['dense', 'bm25'], run_id: ['r1'], from: '2026-10-01T00:00:00.000Z', to: '2026-11-01' })).toBe('retriever = dense or bm25 · run = r1 · from 2026-10-01 · before 2026-11-01');
    expect(describeSlice({})).toBe('all retrievals');
  });
});
