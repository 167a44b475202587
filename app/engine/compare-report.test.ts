import { describe, expect, it } from 'vitest';
import type { SliceFilters } from '../model/compare/slice';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../model/metrics/settings';
import { computeCompareResult } from './compare-report';
import { computeMetricsReport } from './metrics-report';
import { at, makePrompt, makeRelevance, makeRetrieval, type TestEvent } from './sql/metrics/fixtures';
import { loadedTestEngine } from './sql/metrics/loaded-test-engine';

/**
 * Slice A is surface `chat` (retriever `dense`, run `release-41`, category `returns` through its
 * turn's prompt), slice B surface `editor` (retriever `hybrid`, run `release-42`, category `billing`).
 */
const inA = (id: string, query: string, fields: TestEvent = {}) =>
  makeRetrieval(id, { query, surface: 'chat', retriever: 'dense', run_id: 'release-41', turn_id: 'tA', ts: at(0), ...fields });
const inB = (id: string, query: string, fields: TestEvent = {}) =>
  makeRetrieval(id, { query, surface: 'editor', retriever: 'hybrid', run_id: 'release-42', turn_id: 'tB', ts: at(60), ...fields });

const DATASET: TestEvent[] = [
  makePrompt('tA', { surface: 'chat', category: 'returns', run_id: 'release-41', ts: at(0) }),
  makePrompt('tB', { surface: 'editor', category: 'billing', run_id: 'release-42', ts: at(60) }),
  // alpha, in both: A's r1 finds a1 at rank 1; B's r2 at rank 2, B's r3 at rank 1 (B's value = their mean)
  inA('r1', 'alpha', { returned_asset_ids: ['a1', 'a2'] }), makeRelevance('r1', 'a1', 2),
  inB('r2', 'alpha', { returned_asset_ids: ['x', 'a1'] }), makeRelevance('r2', 'a1', 2),
  inB('r3', 'alpha', { returned_asset_ids: ['a1'] }), makeRelevance('r3', 'a1', 1),
  // epsilon, in both: A's r6 returns nothing (scored 0), B's r7 finds the one relevant asset at rank 1
  inA('r6', 'epsilon', { returned_asset_ids: [] }), makeRelevance('r6', 'z', 1),
  inB('r7', 'epsilon', { returned_asset_ids: ['z'], role: 'browse' }), makeRelevance('r7', 'z', 1),
  // beta: judged in A only
  inA('r4', 'beta', { returned_asset_ids: ['b1'] }), makeRelevance('r4', 'b1', 1),
  // gamma: judged in A, unjudged in B: not paired
  inA('r5', 'gamma', { returned_asset_ids: ['g1'] }), makeRelevance('r5', 'g9', 1),
  inB('r8', 'gamma', { returned_asset_ids: ['g1'] }),
  // delta and ALPHA (not the same text as alpha): judged in B only
  inB('r9', 'delta', { returned_asset_ids: ['d1'] }), makeRelevance('r9', 'd1', 1),
  inB('r10', 'ALPHA', { returned_asset_ids: ['a1'] }), makeRelevance('r10', 'a1', 1),
];

const engine = loadedTestEngine(DATASET);
const BASE: MetricSettings = { ...DEFAULT_METRIC_SETTINGS };
const BY_SURFACE: [SliceFilters, SliceFilters] = [{ surface: ['chat'] }, { surface: ['editor'] }];

// nDCG@10 of r2: DCG = 2 / log2(3), IDCG = 2 / log2(2) = 2
const NDCG_R2 = 1 / Math.log2(3);

describe('computeCompareResult', () => {
  it('pairs queries judged in both slices; a query judged in one slice only, or unjudged in the other, is not paired', async () => {
    const result = await computeCompareResult(engine, BASE, ...BY_SURFACE);
    expect(result.queries.map((query) => query.query)).toEqual(['alpha', 'epsilon']);
    expect(result.onlyA).toBe(2); // beta, gamma
    expect(result.onlyB).toBe(2); // delta, ALPHA
    expect(result.report.paired.pairs).toBe(2);
  });

  it('a paired query scores the mean over its judged retrievals in each slice', async () => {
    const [alpha, epsilon] = (await computeCompareResult(engine, BASE, ...BY_SURFACE)).queries;
    expect(alpha).toMatchObject({ a_judged: 1, b_judged: 2 });
    expect(alpha.a).toEqual({ p_at_1: 1, p_at_k: 0.1, recall_at_k: 1, ndcg_at_k: 1, mrr: 1 });
    // B: P@1 (0 + 1) / 2, RR (1/2 + 1) / 2, nDCG (NDCG_R2 + 1) / 2
    expect(alpha.b.p_at_1).toBeCloseTo(0.5, 12);
    expect(alpha.b.mrr).toBeCloseTo(0.75, 12);
    expect(alpha.b.ndcg_at_k).toBeCloseTo((NDCG_R2 + 1) / 2, 12);
    expect(alpha.delta.ndcg_at_k).toBeCloseTo((NDCG_R2 + 1) / 2 - 1, 12);
    expect(alpha.delta.p_at_k).toBeCloseTo(0, 12);
    expect(epsilon.delta).toEqual({ p_at_1: 1, p_at_k: 0.1, recall_at_k: 1, ndcg_at_k: 1, mrr: 1 });
  });

  it('the paired statistics are those of the per-query deltas', async () => {
    const { paired } = (await computeCompareResult(engine, BASE, ...BY_SURFACE)).report;
    // P@1 deltas −0.5 (alpha) and +1 (epsilon): mean 0.25; the four sign flips give |sums| 0.5, 1.5, 1.5, 0.5,
    // all ≥ the observed 0.5, so p = 4/4; a bootstrap mean lies in [−0.5, 1]
    expect(paired.p_at_1.mean_delta).toBeCloseTo(0.25, 12);
    expect(paired.p_at_1.p_value).toBe(1);
    expect(paired.p_at_1.ci_low).toBeGreaterThanOrEqual(-0.5);
    expect(paired.p_at_1.ci_high).toBeLessThanOrEqual(1);
    expect(paired.p_at_1.ci_low).toBeLessThan(paired.p_at_1.ci_high!);
  });

  it('side by side: each slice as the metrics report computes it, delta = B − A', async () => {
    const result = await computeCompareResult(engine, BASE, ...BY_SURFACE);
    const reportA = await computeMetricsReport(engine, { ...BASE, surfaces: ['chat'] });
    const reportB = await computeMetricsReport(engine, { ...BASE, surfaces: ['editor'] });
    for (const [name, figure] of Object.entries(result.report.tier1)) {
      expect([name, figure.a, figure.b]).toEqual([name, reportA.tier1[name as 'judged'], reportB.tier1[name as 'judged']]);
    }
    for (const [name, figure] of Object.entries(result.report.tier2)) {
      expect([name, figure.a, figure.b]).toEqual([name, reportA.tier2[name as 'gpr'], reportB.tier2[name as 'gpr']]);
    }
    expect(result.matrix).toEqual({ a: reportA.matrix, b: reportB.matrix });
    // A: r1 r4 r5 r6, one empty (r6); B: r2 r3 r7 r8 r9 r10, none empty, r8 unjudged
    expect(result.report.tier1.retrievals).toEqual({ a: 4, b: 6, delta: 2 });
    expect(result.report.tier1.judged).toEqual({ a: 4, b: 5, delta: 1 });
    expect(result.report.tier1.empty_result_rate).toEqual({ a: 0.25, b: 0, delta: -0.25 });
    expect(Object.keys(result.report.tier1).sort()).toEqual(['empty_result_rate', 'judged', 'mrr', 'ndcg_at_k', 'p_at_1', 'p_at_k', 'recall_at_k', 'retrievals']);
    expect(Object.keys(result.report.tier2).sort()).toEqual(['acr', 'gpr', 'orf', 'retrievals', 'uor']);
    // "compare also: judged_at_k: {a, b}, settled: {<figure>: true|false}, pool"
    expect(Object.keys(result.report).sort()).toEqual(['a', 'b', 'judged_at_k', 'paired', 'pool', 'settled', 'tier1', 'tier2']);
    expect(result.report.judged_at_k).toEqual({ a: reportA.tier1.judged_at_k, b: reportB.tier1.judged_at_k });
    expect(Object.keys(result.report.settled).sort()).toEqual(['mrr', 'ndcg_at_k', 'p_at_1', 'p_at_k']);
  });

  it('per role: a role one slice lacks has no retrievals there and null rates, so a null delta', async () => {
    const { byRole } = await computeCompareResult(engine, BASE, ...BY_SURFACE);
    expect(Object.keys(byRole)).toEqual(['browse', 'unknown']);
    expect(byRole.browse.tier1.retrievals).toEqual({ a: 0, b: 1, delta: 1 });
    expect(byRole.browse.tier1.p_at_1).toEqual({ a: null, b: 1, delta: null });
    expect(byRole.browse.tier2.gpr).toEqual({ a: null, b: 0, delta: null });
    expect(byRole.unknown.tier1.retrievals).toEqual({ a: 4, b: 5, delta: 1 });
  });

  it('overlapping slices: a retrieval in both counts in both', async () => {
    const result = await computeCompareResult(engine, BASE, {}, { surface: ['editor'] });
    const alpha = result.queries.find((query) => query.query === 'alpha')!;
    expect(alpha).toMatchObject({ a_judged: 3, b_judged: 2 });
    expect(alpha.a.p_at_1).toBeCloseTo(2 / 3, 12); // r1 1, r2 0, r3 1
    expect(result.queries.map((query) => query.query)).toEqual(['ALPHA', 'alpha', 'delta', 'epsilon']);
    expect([result.onlyA, result.onlyB]).toEqual([2, 0]);
  });

  it('a time slice: from ≤ ts < to', async () => {
    const result = await computeCompareResult(engine, BASE, { to: new Date(at(30)).toISOString() }, { from: new Date(at(30)).toISOString() });
    expect(result.report.tier1.retrievals).toEqual({ a: 4, b: 6, delta: 2 });
    expect(result.queries.map((query) => query.query)).toEqual(['alpha', 'epsilon']);
  });

  it.each<[string, SliceFilters, SliceFilters]>([
    ['retriever', { retriever: ['dense'] }, { retriever: ['hybrid'] }],
    ['run_id', { run_id: ['release-41'] }, { run_id: ['release-42'] }],
    ['category', { category: ['returns'] }, { category: ['billing'] }],
  ])('a %s slice keeps the retrievals it names (here the same split as by surface)', async (_, a, b) => {
    const bySurface = await computeCompareResult(engine, BASE, ...BY_SURFACE);
    const result = await computeCompareResult(engine, BASE, a, b);
    expect(result.report.a).toEqual(a);
    expect({ ...result, report: { ...result.report, a: null, b: null } }).toEqual({ ...bySurface, report: { ...bySurface.report, a: null, b: null } });
  });

  it('an empty slice: no pairs and null statistics, its rates null and so their deltas', async () => {
    const result = await computeCompareResult(engine, BASE, { surface: ['chat'] }, { surface: ['nowhere'] });
    expect(result.report.paired.pairs).toBe(0);
    expect(result.report.paired.ndcg_at_k).toEqual({ mean_delta: null, ci_low: null, ci_high: null, p_value: null });
    expect(result.report.tier1.retrievals).toEqual({ a: 4, b: 0, delta: -4 });
    expect(result.report.tier1.mrr).toMatchObject({ b: null, delta: null });
    expect(result.report.tier2.orf).toEqual({ a: 0, b: null, delta: null });
    expect([result.queries, result.onlyA, result.onlyB]).toEqual([[], 4, 0]);
  });

  it('is deterministic: the same slices give the same result', async () => {
    const first = await computeCompareResult(engine, BASE, ...BY_SURFACE);
    expect(await computeCompareResult(engine, BASE, ...BY_SURFACE)).toEqual(first);
  });
});
