import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowOf } from '../core/row-spec';
import { run } from '../core/run';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../../model/metrics/settings';
import type { Engine } from '../../engine';
import { computeMetricsReport } from '../../metrics-report';
import { createTestEngine, loadEvents, makeRelevance, makeRetrieval, type TestEvent } from './fixtures';
import { retrievalDetailsQuery } from './retrieval-details';

/**
 * Tier 1 in trec_eval's conventions (`trec_eval -c -m P.1,5 -m recall.5 -m ndcg_cut.5 -m
 * recip_rank`, gains = grades): each judged retrieval is a topic, its labels the qrels, its
 * returned list the run. Worked by hand with K = 5; log2(3) = 1.58496, log2(5) = 2.32193.
 */
interface Case {
  id: string;
  returned: string[];
  grades: Record<string, number>;
  scores?: number[];
  /** Hand-worked P@1, P@5, recall@5, nDCG@5, RR; null = unjudged. */
  expected: [number, number, number, number, number] | null;
}

const CASES: Case[] = [
  // relevant: a2 (2), a4 (1), a5 (3, not returned) → R = 3; a1 graded 0; a3 unjudged = not relevant.
  // P@1 = 0; P@5 = 2/5 (divided by 5 although 4 were returned); recall@5 = 2/3; RR = 1/2.
  // DCG@5 = 2/log2(3) + 1/log2(5) = 1.69254; IDCG@5 = 3 + 2/log2(3) + 1/log2(4) = 4.76186 (a5 counts);
  // nDCG@5 = 0.35544.
  { id: 'A', returned: ['a1', 'a2', 'a3', 'a4'], grades: { a1: 0, a2: 2, a4: 1, a5: 3 }, expected: [0, 0.4, 0.6667, 0.3554, 0.5] },
  // empty and judged: every score 0, and it counts in the averages.
  { id: 'B', returned: [], grades: { b1: 2 }, expected: [0, 0, 0, 0, 0] },
  // b1 repeated: counts at rank 1 only, b2 moves up to rank 2 (the de-duplicated run).
  // P@5 = 2/5; recall = 2/2; DCG = 1 + 2/log2(3) = 2.26186; IDCG = 2 + 1/log2(3) = 2.63093; nDCG = 0.85972.
  { id: 'C', returned: ['b1', 'b1', 'b2', 'b3'], grades: { b1: 1, b2: 2 }, expected: [1, 0.4, 1, 0.8597, 1] },
  // tie: equal scores; the list order is the ranking (c1 first, unjudged). DCG = 1/log2(3) + 1/2 = 1.13093;
  // IDCG = 1 + 1/log2(3) = 1.63093; nDCG = 0.69343; RR = 1/2.
  { id: 'D', returned: ['c1', 'c2', 'c3'], scores: [0.7, 0.7, 0.7], grades: { c2: 1, c3: 1 }, expected: [0, 0.4, 1, 0.6934, 0.5] },
  // cutoff: d6 (grade 3) is at rank 6, outside K = 5, but still in R and in the ideal DCG.
  // P@5 = 1/5; recall = 1/2; DCG@5 = 1; IDCG@5 = 3 + 1/log2(3) = 3.63093; nDCG = 0.27541.
  { id: 'E', returned: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7'], grades: { d1: 1, d6: 3 }, expected: [1, 0.2, 0.5, 0.2754, 1] },
  // judged, nothing relevant: R = 0 → recall 0; IDCG = 0 → nDCG 0.
  { id: 'F', returned: ['e1'], grades: { e1: 0 }, expected: [0, 0, 0, 0, 0] },
  // unjudged: not in the averages.
  { id: 'G', returned: ['f1'], grades: {}, expected: null },
];

/** A plain reference implementation of the docs/metrics.md formulas, independent of the SQL. */
function reference(returned: string[], grades: Record<string, number>, k: number) {
  const ranked = [...new Set(returned)];
  const grade = (asset: string | undefined) => (asset === undefined ? 0 : (grades[asset] ?? 0));
  const relevantCount = Object.values(grades).filter((g) => g >= 1).length;
  const top = ranked.slice(0, k);
  const hits = top.filter((asset) => grade(asset) >= 1).length;
  const dcg = top.reduce((sum, asset, i) => sum + grade(asset) / Math.log2(i + 2), 0);
  const ideal = Object.values(grades).filter((g) => g >= 1).sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  const first = ranked.findIndex((asset) => grade(asset) >= 1);
  return [grade(ranked[0]) >= 1 ? 1 : 0, hits / k, relevantCount ? hits / relevantCount : 0, idcg > 0 ? dcg / idcg : 0, first >= 0 ? 1 / (first + 1) : 0];
}

function caseEvents(): TestEvent[] {
  return CASES.flatMap(({ id, returned, grades, scores }) => [
    makeRetrieval(id, { returned_asset_ids: returned, ...(scores ? { scores } : {}), role: 'find' }),
    ...Object.entries(grades).map(([asset, grade]) => makeRelevance(id, asset, grade)),
  ]);
}

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadEvents(engine, caseEvents());
});
afterAll(() => engine.close());

const FACT_ROW = {
  retrieval_id: 'string', judged: 'boolean', p_at_1: 'number', p_at_k: 'number', recall_at_k: 'number', ndcg_at_k: 'number', rr: 'number', tier1_bad: 'boolean',
} as const;
type FactRow = RowOf<typeof FACT_ROW>;
const facts = async (settings: MetricSettings) => {
  const rows = await run(engine, retrievalDetailsQuery(settings), FACT_ROW);
  return new Map(rows.map((row) => [row.retrieval_id, row]));
};
const scoresOf = (row: FactRow) => [row.p_at_1, row.p_at_k, row.recall_at_k, row.ndcg_at_k, row.rr];
const settingsWithK = (k: number): MetricSettings => ({ ...DEFAULT_METRIC_SETTINGS, k });

describe('Tier 1 per retrieval', () => {
  it.each(CASES.map((c) => [c.id, c] as const))('%s matches the hand-worked numbers at K = 5', async (_, c) => {
    const row = (await facts(settingsWithK(5))).get(c.id)!;
    expect(row.judged).toBe(c.expected !== null);
    if (c.expected === null) return expect(scoresOf(row)).toEqual([null, null, null, null, null]);
    scoresOf(row).forEach((value, i) => expect(value).toBeCloseTo(c.expected![i], 4));
  });

  it.each([1, 2, 3, 5, 10, 100])('agrees with the reference implementation at K = %i', async (k) => {
    const rows = await facts(settingsWithK(k));
    for (const c of CASES.filter((c) => c.expected !== null)) {
      const expected = reference(c.returned, c.grades, k);
      scoresOf(rows.get(c.id)!).forEach((value, i) => expect(value, `${c.id} metric ${i}`).toBeCloseTo(expected[i], 4));
    }
  });

  it.each<[number, string[]]>([
    // bad = judged and (empty, or P@1 = 0, or nDCG@5 < threshold); E has P@1 = 1 and nDCG 0.2754, C 0.8597.
    [0.5, ['A', 'B', 'D', 'E', 'F']],
    [0.25, ['A', 'B', 'D', 'F']],
    [0.9, ['A', 'B', 'C', 'D', 'E', 'F']],
  ])('Tier 1 bad at threshold %s', async (tier1Threshold, bad) => {
    const rows = await facts({ ...settingsWithK(5), tier1Threshold });
    expect([...rows.values()].filter((row) => row.tier1_bad).map((row) => row.retrieval_id).sort()).toEqual(bad);
  });
});

describe('Tier 1 averages', () => {
  it('averages over the 6 judged retrievals, the empty one included', async () => {
    const { tier1 } = await computeMetricsReport(engine, settingsWithK(5));
    expect(tier1).toMatchObject({ k: 5, retrievals: 7, judged: 6 });
    expect(tier1.empty_result_rate).toBeCloseTo(1 / 7, 4);
    // P@1 (0+0+1+0+1+0)/6; P@5 (0.4+0+0.4+0.4+0.2+0)/6; recall (2/3+0+1+1+0.5+0)/6;
    // nDCG (0.35544+0+0.85972+0.69343+0.27541+0)/6; MRR (0.5+0+1+0.5+1+0)/6.
    expect(tier1.p_at_1).toBeCloseTo(0.3333, 4);
    expect(tier1.p_at_k).toBeCloseTo(0.2333, 4);
    expect(tier1.recall_at_k).toBeCloseTo(0.5278, 4);
    expect(tier1.ndcg_at_k).toBeCloseTo(0.364, 4);
    expect(tier1.mrr).toBeCloseTo(0.5, 4);
  });

  it('a relevance label with a query applies to every retrieval with exactly that query', async () => {
    await loadEvents(engine, [
      makeRetrieval('q1', { query: 'blue car', returned_asset_ids: ['x'] }),
      makeRetrieval('q2', { query: 'blue car', returned_asset_ids: ['y', 'x'] }),
      makeRetrieval('q3', { query: 'Blue car', returned_asset_ids: ['x'] }),
      { type: 'label', kind: 'relevance', query: 'blue car', asset_id: 'x', grade: 2 },
    ]);
    const rows = await facts(settingsWithK(5));
    expect([...rows.values()].map((r) => [r.retrieval_id, r.judged, r.rr]).sort()).toEqual([
      ['q1', true, 1],
      ['q2', true, 0.5],
      ['q3', false, null],
    ]);
    await loadEvents(engine, caseEvents());
  });

  it('no judged retrieval: every average is null, not 0', async () => {
    await loadEvents(engine, [makeRetrieval('r1', { returned_asset_ids: ['a'] })]);
    const { tier1 } = await computeMetricsReport(engine, settingsWithK(5));
    expect(tier1).toMatchObject({ retrievals: 1, judged: 0, empty_result_rate: 0, p_at_1: null, p_at_k: null, recall_at_k: null, ndcg_at_k: null, mrr: null });
    await loadEvents(engine, caseEvents());
  });
});
