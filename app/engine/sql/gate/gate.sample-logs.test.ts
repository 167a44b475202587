import { reviewReportIn } from '../../annotation-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFiles } from '../../../ingest/load-files';
import { LoadState } from '../../../ingest/load-state';
import { nodeInputFile } from '../../../ingest/node-files';
import { calibrate } from '../../../model/gate/calibration';
import type { Engine } from '../../engine';
import { computeMetricsReport, refreshDerivedTables } from '../../metrics-report';
import { createTestEngine } from '../metrics/fixtures';
import { CALIBRATION_CASE_ROW, calibrationCasesQuery } from './calibration';
import { RECALL_COMPARISON_ROW, recallComparisonQuery } from './recall';
import { ANSWERED_RESPONSE_ROW, answeredResponsesQuery } from './review';
import { loadGateScreen } from './gate-screen';
import { ANY_SCOPE } from '../../../model/event-scope';
import { weeklyReview } from '../../../model/gate/review';
import { sampleLogPath } from '../../../ingest/sample-logs-path';
import { run } from '../core/run';

const SAMPLE = sampleLogPath('customer-service.jsonl');

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadFiles(engine, [await nodeInputFile(SAMPLE)], new LoadState());
  await refreshDerivedTables(engine);
}, 60_000);
afterAll(() => engine.close());

describe('gate calibration on sample-logs/customer-service.jsonl', () => {
  it('scores all 80 eval cases and puts every threshold among the observed scores', async () => {
    const cases = await run(engine, calibrationCasesQuery(), CALIBRATION_CASE_ROW);
    expect(cases).toHaveLength(80);
    expect(cases.every((item) => item.top1 !== null && item.top1 >= 0 && item.top1 <= 1)).toBe(true);
    const overall = calibrate(cases);
    const observed = new Set(cases.map((item) => item.top1));
    expect(observed.has(overall.f1_threshold)).toBe(true);
    const report = await computeMetricsReport(engine);
    const { calibration } = report.gate;
    expect(calibration.cases).toBe(80);
    for (const summary of [calibration, ...Object.values(calibration.by_category)]) {
      expect(summary.f1_threshold).toBeGreaterThan(0);
      expect(summary.f1_threshold).toBeLessThan(1);
      expect(summary.recommended_threshold).toBeCloseTo((summary.f1_threshold ?? 0) + 0.05, 9);
    }
    expect(Object.keys(calibration.by_category).sort()).toEqual(['invoices', 'payments', 'returns', 'shipping-insurance', 'warranty']);
  });

  it('shows the eval-versus-production recall gap of the sample (≈0.92 vs ≈0.68)', async () => {
    const [row] = await run(engine, recallComparisonQuery(), RECALL_COMPARISON_ROW);
    expect(row.eval_recall).toBeCloseTo(0.92, 1);
    expect(row.production_recall).toBeCloseTo(0.68, 1);
  });

  it('samples at most 50 answered responses a week and rates the reviewed ones (12 a week)', async () => {
    const weeks = weeklyReview(await run(engine, answeredResponsesQuery(), ANSWERED_RESPONSE_ROW));
    expect(weeks.map((week) => week.week)).toEqual(Array.from({ length: 10 }, (_, i) => `2026-W${37 + i}`));
    for (const week of weeks) expect(week.sample.length).toBe(Math.min(50, week.answered));
    const reviewed = weeks.reduce((sum, week) => sum + week.sample.filter((response) => response.verdict !== null).length, 0);
    expect(reviewed).toBe(120); // every answer_review of the sample targets an answered response
    const review = await reviewReportIn(engine);
    expect(review.reviewed).toBe(120);
    expect(review.by_week['2026-W42']).toMatchObject({ reviewed: 12, wrong: 3, confidently_wrong_rate: 0.25 });
  });

  it('shows the report’s feedback, review and calibration when no filter is chosen', async () => {
    const report = await computeMetricsReport(engine);
    const screen = await loadGateScreen(engine, ANY_SCOPE);
    expect(screen.feedback).toEqual(report.feedback);
    expect(screen.reviewReport).toEqual(report.review);
    expect(screen.calibrationReport).toEqual(report.gate.calibration);
    expect(screen.decisions.overall).toMatchObject(report.gate.decisions);
  });
});
