import { describe, expect, it } from 'vitest';
import type { RowOf } from '../core/row-spec';
import { run } from '../core/run';
import { sql } from '../core/sql-query';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../../model/metrics/settings';
import { computeMetricsReport, recomputeMetricPanels } from '../../metrics-report';
import { makeRelevance, makeRetrieval, type TestEvent } from './fixtures';
import { loadedTestEngine } from './loaded-test-engine';
import { retrievalFactsQuery } from './retrieval-facts';

/**
 * docs/metrics.md, "Judged depth, bounds and the pool", worked by hand at K = 3.
 * log2(3) = 1.5849625, log2(4) = 2.
 */
const DATASET: TestEvent[] = [
  // every asset of the first K labeled (a2 graded 0 is labeled too); a4 beyond K is labeled as well.
  // judged@3 = 3/3. DCG = 2 + 0 + 1/2 = 2.5; ideal [2, 1]: IDCG = 2 + 1/log2(3) = 2.6309298; nDCG = 0.9502258.
  // No unlabeled asset in the first 3: high = low.
  // Roles: all and none find; some logged find but labeled browse (the label wins); empty and failed operate; short step.
  makeRetrieval('all', { role: 'find', returned_asset_ids: ['a1', 'a2', 'a3', 'a4'] }),
  makeRelevance('all', 'a1', 2), makeRelevance('all', 'a2', 0), makeRelevance('all', 'a3', 1), makeRelevance('all', 'a4', 0),
  // no label at all: unjudged, judged@3 = 0/2, no bounds (not in the Tier 1 averages).
  makeRetrieval('none', { role: 'find', returned_asset_ids: ['b1', 'b2'] }),
  // some labeled, one beyond K: distinct list c1 c2 c3 c4 c5 (c1 repeated counts once); c2 (1) and c5 (3, rank 5) labeled,
  // x9 (2) labeled and not returned. judged@3 = 1/3 (c2 of c1 c2 c3).
  // low: P@1 0, P@3 1/3, RR 1/2, DCG = 1/log2(3) = 0.6309298; ideal [3, 2, 1]: IDCG@3 = 3 + 2/log2(3) + 1/2 = 4.7618595; nDCG = 0.1324960.
  // high (c1 and c3 grade 1): P@1 1, P@3 3/3, RR 1, DCG = 1 + 1/log2(3) + 1/2 = 2.1309298; ideal [3, 2, 1, 1, 1]: IDCG@3 the same;
  // nDCG = 0.4474975. c4 (rank 4) is beyond K: never grade 1.
  makeRetrieval('some', { role: 'find', returned_asset_ids: ['c1', 'c2', 'c1', 'c3', 'c4', 'c5'] }),
  { type: 'label', kind: 'role', retrieval_id: 'some', role: 'browse', annotator: 'ann' },
  makeRelevance('some', 'c2', 1), makeRelevance('some', 'c5', 3), makeRelevance('some', 'x9', 2),
  // judged, returned nothing: no judged@k (not a non-empty retrieval), both bounds 0.
  makeRetrieval('empty', { role: 'operate', returned_asset_ids: [] }), makeRelevance('empty', 'd1', 1),
  // failed: no judged@k, unjudged.
  makeRetrieval('failed', { role: 'operate', returned_asset_ids: [], error: 'timeout' }),
  // fewer returned than K, nothing returned labeled: judged@3 = 0 / min(3, 1) = 0.
  // low all 0 (IDCG = 1, DCG = 0); high: e1 grade 1: P@1 1, P@3 1/3, RR 1, DCG 1, ideal [1, 1]: IDCG = 1.6309298; nDCG = 0.6131472.
  makeRetrieval('short', { role: 'step', returned_asset_ids: ['e1'] }), makeRelevance('short', 'e9', 1),
];

const engine = loadedTestEngine(DATASET);
const K3: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, k: 3 };

const BOUNDS_ROW = {
  retrieval_id: 'string',
  judged_at_k: 'number|null',
  p_at_1: 'number|null', p_at_1_high: 'number|null',
  p_at_k: 'number|null', p_at_k_high: 'number|null',
  ndcg_at_k: 'number|null', ndcg_at_k_high: 'number|null',
  rr: 'number|null', rr_high: 'number|null',
} as const;
type BoundsRow = RowOf<typeof BOUNDS_ROW>;

async function perRetrieval(settings: MetricSettings): Promise<Record<string, BoundsRow>> {
  const facts = retrievalFactsQuery(settings);
  const rows = await run(engine, sql`SELECT base.retrieval_id, facts.* FROM (${facts}) facts JOIN retrieval_base base USING (seq)`, BOUNDS_ROW);
  return Object.fromEntries(rows.map((row) => [row.retrieval_id, row]));
}

const NDCG = { all: 2.5 / 2.6309298, someLow: 0.6309298 / 4.7618595, someHigh: 2.1309298 / 4.7618595, shortHigh: 1 / 1.6309298 };

describe('judged depth and bounds of each retrieval', () => {
  it.each<[string, number | null, (number | null)[], (number | null)[]]>([
    // id, judged@3, low [P@1, P@3, nDCG@3, RR], high [P@1, P@3, nDCG@3, RR]
    ['all', 1, [1, 2 / 3, NDCG.all, 1], [1, 2 / 3, NDCG.all, 1]],
    ['none', 0, [null, null, null, null], [null, null, null, null]],
    ['some', 1 / 3, [0, 1 / 3, NDCG.someLow, 0.5], [1, 1, NDCG.someHigh, 1]],
    ['empty', null, [0, 0, 0, 0], [0, 0, 0, 0]],
    ['failed', null, [null, null, null, null], [null, null, null, null]],
    ['short', 0, [0, 0, 0, 0], [1, 1 / 3, NDCG.shortHigh, 1]],
  ])('%s', async (id, judgedAtK, low, high) => {
    const row = (await perRetrieval(K3))[id];
    const close = (values: (number | null)[]) => values.map((value) => (value === null ? null : Number(value.toFixed(6))));
    expect(row.judged_at_k === null ? null : Number(row.judged_at_k.toFixed(6))).toEqual(judgedAtK === null ? null : Number(judgedAtK.toFixed(6)));
    expect(close([row.p_at_1, row.p_at_k, row.ndcg_at_k, row.rr])).toEqual(close(low));
    expect(close([row.p_at_1_high, row.p_at_k_high, row.ndcg_at_k_high, row.rr_high])).toEqual(close(high));
  });

  it('K moves the cutoff: at K = 10 every returned asset is within it', async () => {
    const rows = await perRetrieval({ ...K3, k: 10 });
    // some: 1 labeled of 5 distinct; high: c1, c3, c4 grade 1 as well (c5 stays 3)
    expect(rows.some.judged_at_k).toBeCloseTo(2 / 5, 12);
    expect(rows.some.p_at_k_high).toBeCloseTo(5 / 10, 12);
    expect(rows.all.judged_at_k).toBe(1);
  });
});

describe('the report', () => {
  it('tier1.judged_at_k is the mean over retrievals that returned something; bounds over judged ones', async () => {
    const { tier1 } = await computeMetricsReport(engine, K3);
    expect(tier1.judged).toBe(4);
    // all 1, none 0, some 1/3, short 0 (empty and failed left out)
    expect(tier1.judged_at_k).toBeCloseTo((1 + 0 + 1 / 3 + 0) / 4, 12);
    // over all, some, empty, short
    expect(tier1.bounds.p_at_1.low).toBeCloseTo(1 / 4, 12);
    expect(tier1.bounds.p_at_1.high).toBeCloseTo(3 / 4, 12);
    expect(tier1.bounds.p_at_k.low).toBeCloseTo((2 / 3 + 1 / 3) / 4, 12);
    expect(tier1.bounds.p_at_k.high).toBeCloseTo((2 / 3 + 1 + 0 + 1 / 3) / 4, 12);
    expect(tier1.bounds.mrr.low).toBeCloseTo(1.5 / 4, 12);
    expect(tier1.bounds.mrr.high).toBeCloseTo(3 / 4, 12);
    expect(tier1.bounds.ndcg_at_k.low).toBeCloseTo((NDCG.all + NDCG.someLow) / 4, 6);
    expect(tier1.bounds.ndcg_at_k.high).toBeCloseTo((NDCG.all + NDCG.someHigh + NDCG.shortHigh) / 4, 6);
    // low is the figure itself
    expect(tier1.bounds.ndcg_at_k.low).toBe(tier1.ndcg_at_k);
    expect(tier1.bounds.mrr.low).toBe(tier1.mrr);
  });

  it('judged@k per effective role, beside tier1.by_role (whose keys docs/metrics.md lists without it)', async () => {
    const { report, judgedAtKByRole } = await recomputeMetricPanels(engine, K3);
    // find: all 1, none 0; browse: some 1/3 (its role label wins); step: short 0; operate: empty and failed returned nothing, so none
    expect(judgedAtKByRole.find).toBeCloseTo(1 / 2, 12);
    expect(judgedAtKByRole.browse).toBeCloseTo(1 / 3, 12);
    expect(judgedAtKByRole.step).toBe(0);
    expect(judgedAtKByRole.operate).toBeNull();
    expect(Object.keys(judgedAtKByRole).sort()).toEqual(Object.keys(report.tier1.by_role).sort());
    expect(Object.keys(report.tier1.by_role.find)).toEqual(['retrievals', 'judged', 'p_at_1', 'p_at_k', 'recall_at_k', 'ndcg_at_k', 'mrr']);
  });

  it('no retrieval returned anything, none judged: null, not 0', async () => {
    const { tier1 } = await computeMetricsReport(engine, { ...K3, retrievers: ['no such retriever'] });
    expect(tier1.judged_at_k).toBeNull();
    expect(tier1.bounds.p_at_1).toEqual({ low: null, high: null });
  });
});
