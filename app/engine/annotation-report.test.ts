import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementReport, disagreementItems } from '../model/annotation/agreement';
import { parseItemKey } from '../model/annotation/item-key';
import { agreementIn, agreementVotesIn, reviewReportIn } from './annotation-report';
import type { Engine } from './engine';
import { at, createTestEngine, loadEvents, makeRelevance, makeRetrieval, type TestEvent } from './sql/metrics/fixtures';

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadEvents(engine, DATASET);
});
afterAll(() => engine.close());

const DAY = 24 * 60;
const role = (retrievalId: string, annotator: string, value: string, ts: number) => ({ type: 'label', kind: 'role', retrieval_id: retrievalId, role: value, annotator, ts: at(ts) });
const intent = (turnId: string, annotator: string, value: boolean, fields: TestEvent = {}) => ({ type: 'label', kind: 'intent', turn_id: turnId, retrieval_intent: value, annotator, ...fields });
const review = (target: string, annotator: string | undefined, verdict: string, fields: TestEvent = {}) => ({ type: 'label', kind: 'answer_review', target_event_id: target, verdict, annotator, ...fields });
const response = (id: string, minutes: number) => ({ type: 'response', event_id: id, ts: at(minutes), session_id: 's1', text: id });

/** A hand-worked dataset: the expected numbers are derived in the comments of each test. */
const DATASET: TestEvent[] = [
  makeRetrieval('r1'),
  makeRetrieval('r2', { query: 'another query' }),
  makeRelevance('r1', 'a1', 2, { annotator: 'x', ts: at(1) }),
  makeRelevance('r1', 'a1', 2, { annotator: 'y', ts: at(2) }),
  makeRelevance('r1', 'a1', 1, { annotator: 'z', ts: at(3) }),
  makeRelevance('r1', 'a2', 0, { annotator: 'x', ts: at(1) }),
  makeRelevance('r1', 'a2', 1, { annotator: 'y', ts: at(2) }),
  makeRelevance('r1', 'a2', 1, { annotator: 'x', ts: at(4) }), // x changes their mind: their vote is 1
  { type: 'label', kind: 'relevance', query: 'query of r1', asset_id: 'a1', grade: 3, annotator: 'x', ts: at(5) },
  { type: 'label', kind: 'relevance', query: 'query of r1', asset_id: 'a1', grade: 3, annotator: 'y', ts: at(6) },
  makeRelevance('r2', 'a3', 0, { annotator: 'y', ts: at(1) }),
  makeRelevance('r2', 'a3', 3, { annotator: 'z', ts: at(2) }),
  makeRelevance('r2', 'a3', 3, { annotator: undefined, adjudicated: true, ts: at(7) }),
  makeRelevance('r2', 'a4', 2, { annotator: undefined }), // no annotator: no vote
  makeRelevance('r2', 'a5', 2, { annotator: 'boss', adjudicated: true }), // adjudicated: no vote
  role('r1', 'x', 'find', 1), role('r1', 'y', 'browse', 2), role('r1', 'x', 'browse', 3),
  role('r2', 'x', 'find', 1), role('r2', 'y', 'find', 2),
  intent('t1', 'x', true), intent('t1', 'y', false), intent('t2', 'x', true), intent('t2', 'y', true),
  intent('t1', 'lead', false, { adjudicated: true }),
  // 2026-10-04 is a Sunday of ISO week 40, 2026-10-05 a Monday of week 41, 2026-10-12 of week 42.
  response('resp1', 3 * DAY), response('resp2', 3 * DAY + 1), response('resp3', 4 * DAY), response('resp4', 4 * DAY + 1), response('resp5', 11 * DAY),
  review('resp1', 'qa1', 'wrong', { ts: at(5 * DAY) }), review('resp1', 'qa2', 'wrong', { ts: at(5 * DAY) }),
  review('resp2', 'qa1', 'correct'),
  review('resp3', 'lead', 'unsupported', { adjudicated: true, ts: at(5 * DAY) }), // older than the votes, still wins
  review('resp3', 'qa1', 'partial', { ts: at(6 * DAY) }), review('resp3', 'qa2', 'correct', { ts: at(6 * DAY + 1) }),
];

describe('agreement on a hand-worked dataset', () => {
  it('relevance: by retrieval and by query (not expanded), re-labels counted once, adjudications and unnamed labels no votes', async () => {
    // Items: r1·a1 (x 2, y 2, z 1), r1·a2 (x 1, y 1), query·a1 (x 3, y 3), r2·a3 (y 0, z 3). All four multi;
    // r1·a1 and r2·a3 disagree; r2·a3 is adjudicated.
    // x|y share r1·a1, r1·a2, query·a1, all agreeing with shares ⅓ each: p_e = 1/3, κ = 1.
    // x|z share r1·a1 (2 vs 1): p_o = 0, p_e = 0, κ = 0. y|z share r1·a1 (2/1) and r2·a3 (0/3): κ = 0.
    // Fleiss: P = 1/3, 1, 1, 0 → P̄ = 7/12; of 9 ratings: '2' 2, '1' 3, '3' 3, '0' 1 → P_e = 23/81;
    // κ = (7/12 − 23/81) / (58/81) = 97/232.
    const { relevance } = await agreementIn(engine);
    expect(relevance).toEqual({
      items: 4, annotators: 3, multi: 4, disagreements: 2, unresolved: 1, fleiss_kappa: expect.closeTo(97 / 232, 12),
      pairs: { 'x|y': { items: 3, kappa: 1 }, 'x|z': { items: 1, kappa: 0 }, 'y|z': { items: 2, kappa: 0 } },
    });
  });

  it('role, intent and answer review', async () => {
    const report = await agreementIn(engine);
    // Role: x's latest on r1 is browse, agreeing with y; r2 find/find. p_o = 1, p_e = 1/2 → κ = 1.
    expect(report.role).toEqual({ items: 2, annotators: 2, multi: 2, disagreements: 0, unresolved: 0, fleiss_kappa: null, pairs: { 'x|y': { items: 2, kappa: 1 } } });
    // Intent: t1 true/false (adjudicated), t2 true/true. p_o = 1/2; x all true, y half → p_e = 1/2, κ = 0.
    expect(report.intent).toEqual({ items: 2, annotators: 2, multi: 2, disagreements: 1, unresolved: 0, fleiss_kappa: null, pairs: { 'x|y': { items: 2, kappa: 0 } } });
    // Answer review: resp1 wrong/wrong, resp3 partial/correct (adjudicated), resp2 by qa1 only; `lead`
    // only adjudicated, so is no annotator. p_o = 1/2, p_e = ½·½ (wrong) = 1/4 → κ = (1/4) / (3/4) = 1/3.
    expect(report.answer_review).toEqual({
      items: 3, annotators: 2, multi: 2, disagreements: 1, unresolved: 0, fleiss_kappa: null, pairs: { 'qa1|qa2': { items: 2, kappa: expect.closeTo(1 / 3, 12) } },
    });
  });

  it('gives the UI its votes, adjudications and decodable item keys', async () => {
    const { votes, adjudicated } = await agreementVotesIn(engine);
    expect(adjudicated).toEqual([
      { kind: 'answer_review', item: 'resp3', value: 'unsupported' },
      { kind: 'intent', item: 't1', value: 'false' },
      { kind: 'relevance', item: 'retrieval|r2|a3', value: '3' },
      { kind: 'relevance', item: 'retrieval|r2|a5', value: '2' },
    ]);
    expect(votes.filter((vote) => vote.kind === 'relevance' && vote.annotator === 'x')).toEqual([
      { kind: 'relevance', item: 'query|query of r1|a1', annotator: 'x', value: '3' },
      { kind: 'relevance', item: 'retrieval|r1|a1', annotator: 'x', value: '2' },
      { kind: 'relevance', item: 'retrieval|r1|a2', annotator: 'x', value: '1' },
    ]);
    const relevance = disagreementItems(votes, adjudicated, 'relevance');
    expect(relevance.map((d) => [parseItemKey('relevance', d.item), d.adjudicated_value])).toEqual([
      [{ kind: 'relevance', retrieval_id: 'r1', asset_id: 'a1' }, null],
      [{ kind: 'relevance', retrieval_id: 'r2', asset_id: 'a3' }, '3'],
    ]);
  });
});

describe('the weekly answer review', () => {
  it('counts the resolved verdict of every response in the ISO week of the response', async () => {
    // W40: resp1 wrong (2 votes), resp2 correct. W41: resp3 unsupported (adjudicated), resp4
    // unreviewed. W42: resp5 unreviewed, so the week is left out.
    expect(await reviewReportIn(engine)).toEqual({
      reviewed: 3, correct: 1, wrong: 1, partial: 0, unsupported: 1, confidently_wrong_rate: 1 / 3,
      by_week: {
        '2026-W40': { reviewed: 2, correct: 1, wrong: 1, partial: 0, unsupported: 0, confidently_wrong_rate: 0.5 },
        '2026-W41': { reviewed: 1, correct: 0, wrong: 0, partial: 0, unsupported: 1, confidently_wrong_rate: 0 },
      },
    });
  });
});

describe('the agreement read a page of votes at a time', () => {
  it.each([1, 2, 3, 5])('gives the agreement of all the votes at once, with pages of %i votes (items cut across pages)', async (rows) => {
    const { votes, adjudicated } = await agreementVotesIn(engine);
    expect(votes.length).toBeGreaterThan(10);
    const whole = agreementReport(votes, adjudicated);
    expect(await agreementIn(engine, rows)).toEqual(whole);
    expect(whole.relevance.multi).toBeGreaterThan(0);
  });
});
