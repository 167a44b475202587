import { describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../../model/metrics/settings';
import { computeCompareResult } from '../../compare-report';
import { loadedTestEngine } from '../metrics/loaded-test-engine';
import { POOL_ITEM_ROW, poolRowsQuery, poolSizeQuery } from './pool';
import { run } from '../core/run';
import { POOL_DATASET as DATASET } from './pool-fixture';

const engine = loadedTestEngine(DATASET);
const K3: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, k: 3 };
const A: MetricSettings = { ...K3, surfaces: ['chat'] };
const B: MetricSettings = { ...K3, surfaces: ['editor'] };

const L2 = 1 / Math.log2(3);

describe('the pool of a comparison', () => {
  it('lists every unlabeled (query, asset) of the first K of paired queries, by priority, then query, then asset', async () => {
    const rows = await run(engine, poolRowsQuery(A, B), POOL_ITEM_ROW);
    expect(rows.map((row) => `${row.query}·${row.asset_id}`)).toEqual(['q1·p', 'q2·m', 'q0·k1', 'q0·k3', 'q1·r', 'q0·k2', 'q1·u', 'q5·v', 'q2·w']);
    const expected = [2 + L2, 2, 1.5, 1.5, 1.5, 2 * L2, L2, L2, 0.5];
    rows.forEach((row, i) => expect(row.priority).toBeCloseTo(expected[i], 12));
    expect(rows.map((row) => row.lists)).toEqual([3, 2, 2, 2, 2, 2, 1, 1, 1]);
    // the tie at 1.5 is exact, whichever list was added first
    expect(new Set(rows.slice(2, 5).map((row) => row.priority)).size).toBe(1);
  });

  it('gives each item its best rank in A and in B (labeled there or not) and the lists a label must reach', async () => {
    const rows = await run(engine, poolRowsQuery(A, B), POOL_ITEM_ROW);
    expect(rows.map((row) => [row.rank_a, row.rank_b])).toEqual([[1, 1], [1, 1], [1, 3], [3, 1], [3, 1], [2, 2], [null, 2], [1, 2], [null, 3]]);
    expect(rows.map((row) => row.retrieval_ids)).toEqual([
      ['rA1', 'rB1', 'rB2'], ['rA2', 'rB3'], ['rA4', 'rB4'], ['rA4', 'rB4'], ['rA1', 'rB1'], ['rA4', 'rB4'], ['rB2'], ['rB6'], ['rB3'],
    ]);
    expect(rows[0]).toMatchObject({ title: 'Asset p', text: 'the text of p' });
    expect(rows[1]).toMatchObject({ title: null, text: null });
  });

  it('keeps the first items with a limit', async () => {
    const rows = await run(engine, poolRowsQuery(A, B, 3), POOL_ITEM_ROW);
    expect(rows.map((row) => `${row.query}·${row.asset_id}`)).toEqual(['q1·p', 'q2·m', 'q0·k1']);
  });

  it('a retrieval in both slices is one list', async () => {
    const rows = await run(engine, poolRowsQuery({ ...K3, surfaces: ['chat', 'editor'] }, B), POOL_ITEM_ROW);
    // q1, q2, q0 paired (judged in B, and in A ⊇ B); q4 is not (rB5 is unjudged): the same items as above, once each list
    expect(rows.map((row) => `${row.query}·${row.asset_id}`)).toEqual(['q1·p', 'q2·m', 'q0·k1', 'q0·k3', 'q1·r', 'q0·k2', 'q1·u', 'q5·v', 'q2·w']);
    expect(rows[0].lists).toBe(3);
  });

  it('poolSizeQuery counts them; the comparison reports it with each slice judged@k', async () => {
    const { sql, params } = poolSizeQuery(A, B);
    expect(await engine.query(sql, params)).toEqual([{ items: 9 }]);
    const { report } = await computeCompareResult(engine, K3, { surface: ['chat'] }, { surface: ['editor'] });
    expect(report.pool).toBe(9);
    // A: rA1 1/3, rA2 1/2, rA4 0, rA3 0, rA5 0, rA6 1; B: rB1 1/3, rB2 0, rB3 1/3, rB4 0, rB5 0, rB6 1/2
    expect(report.judged_at_k.a).toBeCloseTo((1 / 3 + 1 / 2 + 1) / 6, 12);
    expect(report.judged_at_k.b).toBeCloseTo((2 / 3 + 1 / 2) / 6, 12);
    // P@1: A from 1/6 (rA6) to 1, B from 0 to 4/5 (rB6's rank 1 is labeled 0): [0 − 1, 4/5 − 1/6] holds 0
    expect(report.settled).toEqual({ p_at_1: false, p_at_k: false, ndcg_at_k: false, mrr: false });
  });

  it('fully labeled lists settle: good [1, 1] against bad [0, 0]', async () => {
    const result = await computeCompareResult(engine, K3, { retriever: ['good'] }, { retriever: ['bad'] });
    expect(result.report.settled).toEqual({ p_at_1: true, p_at_k: true, ndcg_at_k: true, mrr: true });
    expect(result.deltaRanges.p_at_1).toEqual({ low: -1, high: -1 });
    expect(result.deltaRanges.p_at_k).toEqual({ low: -1 / 3, high: -1 / 3 });
    expect(result.report.pool).toBe(0);
  });
});
