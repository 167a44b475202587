import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { GOOD_SAMPLE_LOGS } from '../ingest/sample-logs-path';
import type { MetricsReport } from '../model/metrics/report';
import { DEFAULT_METRIC_SETTINGS } from '../model/metrics/settings';
import type { Engine } from './engine';
import { computeMetricsReport } from './metrics-report';
import { createTestEngine } from './sql/metrics/fixtures';

/** Every leaf of the report with its path. */
function leaves(value: unknown, at = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[at, value]];
  if (Array.isArray(value)) return [[at, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, at ? `${at}.${key}` : key));
}

const RATE_KEY = /(_rate|_share|_threshold|^p_at_\w+|recall_at_k|ndcg_at_k|judged_at_k|mrr|gpr|acr|orf|uor|^rate|^low|^high)$/;
/** κ is no rate: 1 is perfect agreement, 0 chance level, below 0 worse than chance. */
const KAPPA_KEY = /kappa$/;

let engine: Engine;
let report: MetricsReport;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadFiles(engine, GOOD_SAMPLE_LOGS.map(nodeInputFile), new LoadState());
  report = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
});
afterAll(() => engine?.close());

describe('the report on sample-logs/', () => {
  it('holds rates in [0, 1] or null and non-negative integer counts', () => {
    for (const [at, value] of leaves(report)) {
      const key = at.split('.').at(-1)!;
      if (Array.isArray(value)) continue;
      if (KAPPA_KEY.test(key)) expect(value === null || (typeof value === 'number' && value >= -1 && value <= 1), `${at} = ${value}`).toBe(true);
      else if (RATE_KEY.test(key)) expect(value === null || (typeof value === 'number' && value >= 0 && value <= 1), `${at} = ${value}`).toBe(true);
      else if (typeof value === 'number') expect(Number.isInteger(value) && value >= 0, `${at} = ${value}`).toBe(true);
    }
  });

  it('is internally consistent', () => {
    const { tier1, tier2, matrix, tier3 } = report;
    expect(matrix.healthy + matrix.downstream + matrix.visible_failure + matrix.masked).toBe(tier1.judged);
    expect(matrix.masked_consumed + matrix.masked_silent).toBe(matrix.masked);
    expect(report.flags.filter((flag) => flag.kind === 'masked_retrieval_failure')).toHaveLength(matrix.masked);
    const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
    expect(sum(Object.values(tier1.by_role).map((role) => role.retrievals))).toBe(tier1.retrievals);
    expect(sum(Object.values(tier1.by_role).map((role) => role.judged))).toBe(tier1.judged);
    expect(tier2.retrievals).toBe(tier1.retrievals);
    expect(tier2.uor! + tier2.orf!).toBeLessThanOrEqual(1 + 1e-9);
    expect(tier3.cross_session).toBeLessThanOrEqual(tier3.attributed_by_lineage);
    expect(tier3.attributed_by_lineage).toBeLessThanOrEqual(tier3.completions);
    expect(tier3.abandoned_by_lineage).toBeLessThanOrEqual(tier3.abandoned_by_session);
  });

  it('shows what the samples are built to show', () => {
    expect(report.rejected).toBe(0);
    expect(report.matrix.masked_consumed).toBeGreaterThan(0);
    expect(report.matrix.masked_silent).toBeGreaterThan(0);
    expect(report.tier3.cross_session).toBeGreaterThan(0);
    expect(report.tier3.abandoned_by_lineage).toBeLessThan(report.tier3.abandoned_by_session);
    expect(Object.keys(report.tier1.by_role)).toEqual(expect.arrayContaining(['find', 'browse', 'operate', 'reference', 'step', 'contextual', 'unknown']));
  });

  it('has a plausible agreement section: overlapping annotators, some disagreements, some adjudicated', () => {
    for (const [kind, k] of Object.entries(report.agreement)) {
      expect(k.multi, kind).toBeLessThanOrEqual(k.items);
      expect(k.disagreements, kind).toBeLessThanOrEqual(k.multi);
      expect(k.unresolved, kind).toBeLessThanOrEqual(k.disagreements);
      for (const [pair, { items }] of Object.entries(k.pairs)) expect(items, `${kind} ${pair}`).toBeLessThanOrEqual(k.multi);
    }
    // creative-labels.csv: two or three annotators on an overlapping subset, with disagreements and adjudications.
    const { relevance, intent } = report.agreement;
    expect(relevance.annotators).toBeGreaterThanOrEqual(3);
    expect(relevance.multi).toBeGreaterThan(0);
    expect(relevance.disagreements).toBeGreaterThan(0);
    expect(relevance.unresolved).toBeLessThan(relevance.disagreements);
    expect(relevance.fleiss_kappa).toBeGreaterThan(0.5);
    expect(Object.values(relevance.pairs).every((pair) => pair.kappa !== null && pair.kappa > 0.5)).toBe(true);
    expect(intent.disagreements).toBeGreaterThan(0);
  });

  it('reviews answers every week of the support bot, the verdicts adding up', () => {
    const { review } = report;
    const verdicts = (r: typeof review | (typeof review.by_week)[string]) => r.correct + r.wrong + r.partial + r.unsupported;
    expect(review.reviewed).toBeGreaterThan(0);
    expect(verdicts(review)).toBe(review.reviewed);
    expect(Object.keys(review.by_week)).toEqual(expect.arrayContaining(['2026-W37', '2026-W46']));
    for (const week of Object.values(review.by_week)) expect(verdicts(week)).toBe(week.reviewed);
    expect(Object.values(review.by_week).reduce((sum, week) => sum + week.reviewed, 0)).toBe(review.reviewed);
    expect(review.confidently_wrong_rate).toBe(review.wrong / review.reviewed);
  });
});
