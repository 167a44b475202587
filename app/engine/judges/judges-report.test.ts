import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeMetric } from '../../model/metrics/definitions';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../model/metrics/settings';
import { computeMetricsReport } from '../metrics-report';
import { makeRelevance, makeRetrieval } from '../sql/metrics/fixtures';
import { loadedTestEngine } from '../sql/metrics/loaded-test-engine';
import { JUDGE_DISAGREEMENT_ROW, judgeDisagreementsQuery } from '../sql/annotation/judge-agreement';
import { run } from '../sql/core/run';
import { judgeAgreementsIn } from './judges-report';
import { JUDGES_FIXTURE, REFERENCE } from './judges-reference';

/** docs/metrics.md, "Judges and humans", on a generated log (judges-reference.ts). */
const FIXTURE = readFileSync(JUDGES_FIXTURE, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
const AT_5: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, k: 5 };

const expectClose = (actual: Record<string, unknown>, expected: Record<string, number>) => {
  for (const [key, value] of Object.entries(expected)) expect(actual[key], key).toBeCloseTo(value, 9);
};

describe('judges against the human consensus, on a generated log', () => {
  const engine = loadedTestEngine(FIXTURE);

  it('κ, binary κ and κ per role of the judge match the independent computation; the humans are no judges', async () => {
    const judges = await judgeAgreementsIn(engine);
    expect(judges.map((judge) => [judge.annotator, judge.annotatorKind])).toEqual([['gpt-judge', 'llm']]);
    const relevance = judges[0].kinds.relevance!;
    expect(relevance.items).toBe(REFERENCE.items);
    expect(relevance.kappa).toBeCloseTo(REFERENCE.kappa, 12);
    expect(relevance.kappa_binary).toBeCloseTo(REFERENCE.kappa_binary, 12);
    expect(relevance.confusion.reduce((sum, cell) => sum + cell.items, 0)).toBe(REFERENCE.items);
    for (const [role, { items, kappa }] of Object.entries(REFERENCE.by_role)) {
      expect(relevance.byRole[role].items, role).toBe(items);
      expect(relevance.byRole[role].kappa, role).toBeCloseTo(kappa, 12);
    }
  });

  it('the report\'s judges key: κ and the judge-corrected Tier 1 with both intervals', async () => {
    const report = await computeMetricsReport(engine, AT_5);
    const judge = report.judges!['gpt-judge'];
    expect(Object.keys(report.judges!)).toEqual(['gpt-judge']);
    expect(judge.relevance!.items).toBe(REFERENCE.items);
    expect(judge.relevance!.kappa).toBeCloseTo(REFERENCE.kappa, 12);
    for (const [figure, expected] of Object.entries(REFERENCE.corrected)) {
      expectClose(judge.corrected[figure as keyof typeof judge.corrected] as unknown as Record<string, unknown>, expected);
    }
    const leaves = (value: unknown, path: string): string[] =>
      (typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, `${path}.${key}`)) : [path]);
    expect(leaves(report.judges, 'judges').filter((path) => describeMetric(path) === null)).toEqual([]);
    expect(describeMetric('judges.gpt.4o.relevance.kappa_binary')?.label).toBe('Binary κ with the humans');
  });

  it('labels=human computes Tier 1 from the human consensus alone', async () => {
    const report = await computeMetricsReport(engine, { ...AT_5, labels: 'human' });
    expect(report.tier1.judged).toBe(REFERENCE.tier1_human_judged);
    const { p_at_1, p_at_k, ndcg_at_k, mrr } = report.tier1;
    expectClose({ p_at_1, p_at_k, ndcg_at_k, mrr }, REFERENCE.tier1_human);
  });
});

/**
 * labels= on a case worked by hand (K = 2). r1 returns [x, y]: the judge says x 0, y 2; the human
 * says x 1. r2 returns [z]: only the judge, z 1.
 * - all (resolution over every label; x is a tie 0 vs 1, to the later vote, the human's): r1 P@1 = 1,
 *   P@2 = 2/2 = 1; r2 P@1 = 1. Judged 2, mean P@1 = 1, P@2 = (1 + 1/2) / 2 = 0.75.
 * - human: only r1 judged, relevant {x}: P@1 = 1, P@2 = 1/2; R = 1 → recall 1.
 * - gpt: r1 relevant {y} → P@1 = 0, P@2 = 1/2, RR = 1/2; r2 P@1 = 1, P@2 = 1/2, RR = 1. Means: P@1 1/2, P@2 1/2, MRR 3/4.
 * A code rule also says z 1 (no human labeled r2: a judge with nothing to compare).
 */
describe('the label source setting on a small case', () => {
  const engine = loadedTestEngine([
    makeRetrieval('r1', { returned_asset_ids: ['x', 'y'] }),
    makeRetrieval('r2', { returned_asset_ids: ['z'] }),
    makeRelevance('r1', 'x', 0, { annotator: 'gpt', annotator_kind: 'llm' }),
    makeRelevance('r1', 'y', 2, { annotator: 'gpt', annotator_kind: 'llm' }),
    makeRelevance('r2', 'z', 1, { annotator: 'gpt', annotator_kind: 'llm' }),
    makeRelevance('r1', 'x', 1, { annotator: 'ann' }),
    makeRelevance('r2', 'z', 1, { annotator: 'rule', annotator_kind: 'code' }),
  ]);
  const at2: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, k: 2 };

  it.each([
    ['all', undefined, { judged: 2, p_at_1: 1, p_at_k: 0.75 }],
    ['human', 'human', { judged: 1, p_at_1: 1, p_at_k: 0.5, recall_at_k: 1 }],
    ['one annotator', 'gpt', { judged: 2, p_at_1: 0.5, p_at_k: 0.5, mrr: 0.75 }],
  ] as const)('%s', async (_, labels, expected) => {
    const report = await computeMetricsReport(engine, { ...at2, ...(labels ? { labels } : {}) });
    expectClose(report.tier1 as unknown as Record<string, unknown>, expected);
  });

  it('lists every judge, one without human overlap too (no κ, no correction)', async () => {
    const { judges } = await computeMetricsReport(engine, at2);
    // gpt shares x only: 0 against 1, one category each → p_e = 0, κ = 0; binary the same.
    expect(judges).toEqual({
      gpt: { relevance: { items: 1, kappa: 0, kappa_binary: 0 }, corrected: {} },
      rule: { relevance: { items: 0, kappa: null, kappa_binary: null }, corrected: {} },
    });
    expect(await run(engine, judgeDisagreementsQuery('relevance', 'gpt'), JUDGE_DISAGREEMENT_ROW)).toEqual([{ item: 'retrieval|r1|x', judge_value: '0', human_value: '1', role: 'unknown' }]);
  });
});
