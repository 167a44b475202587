import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeMetric } from '../model/metrics/definitions';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../model/metrics/settings';
import type { Engine } from './engine';
import { recordStatements } from './coordinator/statement-recorder';
import { annotationSectionsIn, computeMetricsReport, recomputeMetricPanels } from './metrics-report';
import { withAnnotationSections } from '../model/metrics/shape-report';
import { appendEvents, at, createTestEngine, loadEvents, makeAction, makeFeedback, makePrompt, makeRelevance, makeRetrieval, type TestEvent } from './sql/metrics/fixtures';

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadEvents(engine, DATASET);
});
afterAll(() => engine.close());

const DAY = 24 * 60;
const gate = (decision: string, fields: TestEvent = {}) => ({ type: 'gate', ts: at(0), session_id: 's1', decision, ...fields });

/** Two surfaces, two roles, two days (2026-10-04 is a Sunday of ISO week 40, 2026-10-05 a Monday of week 41). */
const DATASET: TestEvent[] = [
  makePrompt('t1', { surface: 'chat', ts: at(3 * DAY) }),
  makePrompt('t2', { surface: 'editor', ts: at(4 * DAY) }),
  makeRetrieval('r1', { surface: 'chat', role: 'find', turn_id: 't1', ts: at(3 * DAY), returned_asset_ids: ['a1'] }),
  makeRelevance('r1', 'a1', 2),
  makeRetrieval('r2', { surface: 'editor', role: 'browse', turn_id: 't2', ts: at(4 * DAY), returned_asset_ids: ['a2'] }),
  makeRelevance('r2', 'a9', 1), // r2 judged, bad (P@1 = 0), no ORF: masked, silent
  makeRetrieval('r3', { surface: 'editor', ts: at(4 * DAY + 5), returned_asset_ids: [] }), // no role: 'unknown'
  makeAction('user', 'select', { consumed_asset_id: 'a1', source_retrieval_id: 'r1', surface: 'chat', ts: at(3 * DAY + 1) }),
  makeFeedback('down', { surface: 'chat', ts: at(3 * DAY) }),
  makeFeedback('up', { surface: 'editor', ts: at(4 * DAY) }),
  makeFeedback('up', { surface: 'editor', ts: at(4 * DAY + 1) }),
  gate('answer', { surface: 'chat', ts: at(3 * DAY) }),
  gate('handoff', { surface: 'editor', ts: at(4 * DAY) }),
  { type: 'eval_case', query: 'q', should_answer: true, gold_asset_ids: ['a1'] },
  // Two reviewers whose names hold dots (report key paths are dot-separated): one shared item.
  { type: 'response', event_id: 'resp1', ts: at(3 * DAY), session_id: 's1', surface: 'chat' },
  { type: 'label', kind: 'answer_review', target_event_id: 'resp1', verdict: 'wrong', annotator: 'j.doe' },
  { type: 'label', kind: 'answer_review', target_event_id: 'resp1', verdict: 'correct', annotator: 'k.roe' },
];

/** Every leaf of a report as [path, value]; arrays are leaves. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[path, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
}

const sortedKeys = (value: object) => Object.keys(value).sort();

describe('the report', () => {
  it('the Metrics screen\'s panels leave out agreement and review; its download adds them back as report --json prints it, key for key in order', async () => {
    const { engine: recorded, ran } = recordStatements(engine);
    const { report: screen } = await recomputeMetricPanels(recorded, DEFAULT_METRIC_SETTINGS);
    expect(ran.length).toBeGreaterThan(5);
    const annotationStatement = (statement: string) => /NOT adjudicated|WITH verdicts AS/.test(statement);
    expect(ran.filter(annotationStatement)).toEqual([]);
    expect(Object.keys(screen)).not.toContain('agreement');
    expect(Object.keys(screen)).not.toContain('review');
    const annotationRecorded = recordStatements(engine);
    const sections = await annotationSectionsIn(annotationRecorded.engine);
    expect(annotationRecorded.ran.filter(annotationStatement).length).toBeGreaterThanOrEqual(2);
    expect(sections.agreement.answer_review.items).toBe(1);
    const whole = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
    expect(JSON.stringify(withAnnotationSections(screen, sections))).toBe(JSON.stringify(whole));
    expect(Object.keys(whole).slice(-3)).toEqual(['agreement', 'review', 'flags']);
  });

  it('has exactly the keys of docs/metrics.md "The report"', async () => {
    const report = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
    const keys = (list: string) => list.split(/[\s,]+/).filter(Boolean).sort();
    expect(sortedKeys(report)).toEqual(keys('events rejected sessions tier0 tier1 tier2 matrix tier3 drift gate feedback agreement review flags'));
    expect(sortedKeys(report.tier0)).toEqual(keys('prompts, retrieval_invoked_rate, misroute_rate, missed_retrieval_rate, multi_intent_share, search_rewrites, downstream_corrections, downstream_edits'));
    // "tier1 also: failed, judged_at_k, bounds: {<figure>: {low, high}}"
    expect(sortedKeys(report.tier1)).toEqual(keys('k, retrievals, empty_result_rate, failed, judged, p_at_1, p_at_k, recall_at_k, ndcg_at_k, mrr, by_role, judged_at_k, bounds'));
    expect(sortedKeys(report.tier1.bounds)).toEqual(keys('p_at_1, p_at_k, ndcg_at_k, mrr'));
    expect(sortedKeys(report.tier1.bounds.mrr)).toEqual(keys('low high'));
    expect(sortedKeys(report.tier1.by_role.find)).toEqual(keys('retrievals, judged, p_at_1, p_at_k, recall_at_k, ndcg_at_k, mrr'));
    expect(sortedKeys(report.tier2)).toEqual(keys('retrievals, gpr, acr, orf, uor, by_role'));
    expect(sortedKeys(report.tier2.by_role.find)).toEqual(keys('retrievals, gpr, acr, orf, uor'));
    expect(sortedKeys(report.matrix)).toEqual(keys('healthy, downstream, visible_failure, masked, masked_consumed, masked_silent'));
    expect(sortedKeys(report.tier3)).toEqual(keys('completions, attributed_by_lineage, cross_session, abandoned_by_session, abandoned_by_lineage'));
    expect(sortedKeys(report.drift)).toEqual(keys(`questions, orphan_query, skipped_active, resolved_without_evidence, retired_without_reason,
      never_activated, entity_drift, missing_evidence, not_asked, unreachable, insufficient_evidence`));
    expect(sortedKeys(report.gate)).toEqual(keys('decisions calibration'));
    expect(sortedKeys(report.gate.decisions)).toEqual(keys('answer clarify handoff'));
    expect(sortedKeys(report.gate.calibration)).toEqual(keys('cases, f1_threshold, recommended_threshold, by_category'));
    expect(sortedKeys(report.feedback)).toEqual(keys('total, down, thumbs_down_rate, by_week'));
    expect(sortedKeys(report.feedback.by_week['2026-W40'])).toEqual(keys('total down rate'));
    expect(sortedKeys(report.agreement)).toEqual(keys('relevance, role, intent, answer_review'));
    for (const kind of Object.values(report.agreement)) {
      expect(sortedKeys(kind)).toEqual(keys('items, annotators, multi, disagreements, unresolved, fleiss_kappa, pairs'));
    }
    expect(sortedKeys(report.agreement.answer_review.pairs['j.doe|k.roe'])).toEqual(keys('items kappa'));
    expect(sortedKeys(report.review)).toEqual(keys('reviewed, correct, wrong, partial, unsupported, confidently_wrong_rate, by_week'));
    expect(sortedKeys(report.review.by_week['2026-W40'])).toEqual(keys('reviewed, correct, wrong, partial, unsupported, confidently_wrong_rate'));
    expect(sortedKeys(report.flags[0])).toEqual(keys('kind session_id retrieval_id detail'));
  });

  it('defines every number it holds, for the tooltips', async () => {
    const report = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
    const undefinedPaths = leaves(report).map(([path]) => path).filter((path) => describeMetric(path) === null);
    expect(undefinedPaths).toEqual([]);
    expect(describeMetric('tier2.by_role.find.gpr', { ...DEFAULT_METRIC_SETTINGS, usedActions: ['export'] })?.counts).toContain('used set: export');
    expect(describeMetric('tier1.p_at_k', { ...DEFAULT_METRIC_SETTINGS, k: 5 })?.label).toBe('P@5');
    expect(describeMetric('agreement.role.pairs.a.b|by_week.c.kappa')?.label).toBe("Cohen's κ");
  });

  it('has agreement and the weekly answer review, unfiltered', async () => {
    const report = await computeMetricsReport(engine, { ...DEFAULT_METRIC_SETTINGS, surfaces: ['editor'] });
    // One relevance annotator (`ann`, the fixtures' default) on r1·a1 and r2·a9: no pair, nothing multi.
    expect(report.agreement.relevance).toEqual({ items: 2, annotators: 1, multi: 0, disagreements: 0, unresolved: 0, fleiss_kappa: null, pairs: {} });
    // wrong vs correct on one item: p_o = 0, p_e = 0 → κ = 0.
    expect(report.agreement.answer_review).toEqual({ items: 1, annotators: 2, multi: 1, disagreements: 1, unresolved: 1, fleiss_kappa: null, pairs: { 'j.doe|k.roe': { items: 1, kappa: 0 } } });
    // A tie between labels without ts: the later in the file (correct) wins.
    const week = { reviewed: 1, correct: 1, wrong: 0, partial: 0, unsupported: 0, confidently_wrong_rate: 0 };
    expect(report.review).toEqual({ ...week, by_week: { '2026-W40': week } });
  });

  it('counts gate decisions, eval cases and feedback per ISO week; drift is present and zero', async () => {
    const report = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
    expect(report.gate).toEqual({
      decisions: { answer: 1, clarify: 0, handoff: 1 },
      calibration: { cases: 1, f1_threshold: null, recommended_threshold: null, by_category: {} },
    });
    expect(report.feedback).toEqual({
      total: 3,
      down: 1,
      thumbs_down_rate: 1 / 3,
      by_week: { '2026-W40': { total: 1, down: 1, rate: 1 }, '2026-W41': { total: 2, down: 0, rate: 0 } },
    });
    expect(Object.values(report.drift).every((count) => count === 0)).toBe(true);
    expect(report).toMatchObject({ events: DATASET.length, rejected: 0, sessions: 1 });
  });

  it.each<[string, Partial<MetricSettings>, Record<string, unknown>]>([
    ['no filter', {}, { retrievals: 3, prompts: 2, feedback: 3, answer: 1, handoff: 1, masked: 1, roles: ['browse', 'find', 'unknown'] }],
    ['surface editor', { surfaces: ['editor'] }, { retrievals: 2, prompts: 1, feedback: 2, answer: 0, handoff: 1, masked: 1, roles: ['browse', 'unknown'] }],
    ['role find', { roles: ['find'] }, { retrievals: 1, prompts: 2, feedback: 3, answer: 1, handoff: 1, masked: 0, roles: ['find'] }],
    ['the first day only', { from: at(3 * DAY), to: at(4 * DAY) }, { retrievals: 1, prompts: 1, feedback: 1, answer: 1, handoff: 0, masked: 0, roles: ['find'] }],
  ])('filters every section consistently: %s', async (_, filter, expected) => {
    const { report, trends } = await recomputeMetricPanels(engine, { ...DEFAULT_METRIC_SETTINGS, ...filter });
    expect({
      retrievals: report.tier1.retrievals,
      prompts: report.tier0.prompts,
      feedback: report.feedback.total,
      answer: report.gate.decisions.answer,
      handoff: report.gate.decisions.handoff,
      masked: report.matrix.masked,
      roles: Object.keys(report.tier2.by_role).sort(),
    }).toEqual(expected);
    expect(report.tier2.retrievals).toBe(report.tier1.retrievals);
    expect(report.flags).toHaveLength(report.matrix.masked);
    for (const points of [trends.day, trends.week]) expect(points.reduce((sum, p) => sum + p.retrievals, 0)).toBe(report.tier1.retrievals);
  });

  it('trends by day and by ISO week, with the retrievals behind each point', async () => {
    const { trends } = await recomputeMetricPanels(engine, DEFAULT_METRIC_SETTINGS);
    expect(trends.day.map((p) => [p.bucket, p.retrievals, p.judged, p.masked])).toEqual([
      ['2026-10-04', 1, 1, 0],
      ['2026-10-05', 2, 1, 1],
    ]);
    expect(trends.week.map((p) => [p.bucket, p.retrievals, p.p_at_1, p.gpr])).toEqual([
      ['2026-W40', 1, 1, 1],
      ['2026-W41', 2, 0, 0],
    ]);
  });

  it('rebuilds its derived tables when the data changed since', async () => {
    await loadEvents(engine, [makeRetrieval('only')]);
    expect((await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS)).tier1.retrievals).toBe(1);
    await appendEvents(engine, [makeRetrieval('late')]);
    expect((await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS)).tier1.retrievals).toBe(2);
    await loadEvents(engine, DATASET);
  });
});
