import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine';
import { ANY_SCOPE } from '../../../model/event-scope';
import { at, createTestEngine, loadEvents, makeFeedback, makeRelevance, makeRetrieval, type TestEvent } from '../metrics/fixtures';
import { run } from '../core/run';
import { CALIBRATION_CASE_ROW, calibrationCasesQuery } from './calibration';
import { GATE_DECISION_BREAKDOWN_ROW, gateDecisionBreakdownQuery } from './decisions';
import { DOWN_VOTED_ROW, downVotedQueriesQuery } from './feedback';
import { RECALL_COMPARISON_ROW, recallComparisonQuery } from './recall';
import { ANSWERED_RESPONSE_ROW, answeredResponsesQuery } from './review';

const evalCase = (query: string, fields: TestEvent = {}): TestEvent => ({ type: 'eval_case', query, category: 'c', should_answer: true, ...fields });
const gate = (decision: string, fields: TestEvent = {}): TestEvent => ({ type: 'gate', ts: at(0), session_id: 's1', decision, ...fields });
const DAY = 24 * 60;
const review = (target: string, verdict: string, annotator: string, ts: number): TestEvent => ({ type: 'label', kind: 'answer_review', target_event_id: target, verdict, annotator, ts });

const DATASET: TestEvent[] = [
  evalCase('scored', { gold_asset_ids: ['a1', 'a2'] }),
  makeRetrieval('r-scored', { query: 'scored', returned_asset_ids: ['a1', 'x', 'y', 'z', 'w', 'a2'], scores: [0.8, 0.5, 0.4, 0.3, 0.2, 0.1] }),
  evalCase('empty', { should_answer: false, category: 'd' }),
  makeRetrieval('r-empty', { query: 'empty', returned_asset_ids: [], dense_score: 0.9 }),
  gate('handoff', { retrieval_id: 'r-empty', dense_score: 0.9 }),
  evalCase('dense only'),
  makeRetrieval('r-dense', { query: 'dense only', returned_asset_ids: ['a3'] }),
  gate('answer', { retrieval_id: 'r-dense', dense_score: 0.6, ts: at(1) }),
  evalCase('twice', { gold_asset_ids: ['a4'] }),
  makeRetrieval('r-old', { query: 'twice', ts: at(0), returned_asset_ids: ['a4'], scores: [0.3] }),
  makeRetrieval('r-new', { query: 'twice', ts: at(5), returned_asset_ids: ['a5', 'a4'], scores: [0.7, 0.6] }),
  { type: 'eval_case', query: 'never run', category: 'c', gold_asset_ids: [] },
  // production: judged, 1 of 2 relevant in the top 5 → recall 0.5
  makeRetrieval('p1', { query: 'prod', request_id: 'req-p', returned_asset_ids: ['b1', 'b2'] }),
  makeRelevance('p1', 'b1', 2),
  makeRelevance('p1', 'b9', 1),
  { type: 'response', ts: at(2), session_id: 's1', request_id: 'req-p', event_id: 'resp-p', text: 'ok' },
  makeFeedback('down', { target_event_id: 'resp-p' }),
  makeFeedback('down', { retrieval_id: 'r-scored' }),
  makeFeedback('down', { retrieval_id: 'r-scored', ts: at(DAY) }),
  makeFeedback('up', { retrieval_id: 'p1' }),
  makeFeedback('down'),
  gate('answer', { category: 'c', ts: at(4 * DAY) }),
  // review: resp-p's latest gate answered (the earlier handoff is superseded); resp-h was handed off
  gate('handoff', { request_id: 'req-p', category: 'c', ts: at(1) }),
  gate('answer', { request_id: 'req-p', category: 'c', ts: at(2) }),
  { type: 'response', ts: at(3), session_id: 's1', request_id: 'req-h', event_id: 'resp-h', text: 'handed off' },
  gate('handoff', { request_id: 'req-h', category: 'c', ts: at(2) }),
  review('resp-p', 'wrong', 'ann1', at(10)),
  review('resp-p', 'correct', 'ann2', at(11)),
  review('resp-p', 'wrong', 'ann3', at(12)), // majority wrong
  review('resp-h', 'correct', 'ann1', at(10)),
];

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadEvents(engine, DATASET);
});
afterAll(() => engine.close());

describe('gate queries on the real engine', () => {
  it('scores each eval case by its latest same-query retrieval: scores[1], else its gate dense_score; empty = 0', async () => {
    expect(await run(engine, calibrationCasesQuery(), CALIBRATION_CASE_ROW)).toEqual([
      { category: 'c', should_answer: true, top1: 0.8 },
      { category: 'd', should_answer: false, top1: 0 }, // empty beats the gate's 0.9
      { category: 'c', should_answer: true, top1: 0.6 },
      { category: 'c', should_answer: true, top1: 0.7 }, // r-new, not r-old
      { category: 'c', should_answer: false, top1: null }, // should_answer from empty gold; never run
    ]);
  });

  it('compares eval recall@5 with recall@5 of labeled production retrievals', async () => {
    // eval: 'scored' finds a1 but a2 is at rank 6 → 1/2; 'twice' (r-new) finds a4 → 1. Mean 0.75.
    expect(await run(engine, recallComparisonQuery(), RECALL_COMPARISON_ROW)).toEqual([{ eval_cases: 2, eval_recall: 0.75, production_retrievals: 1, production_recall: 0.5 }]);
  });

  it('lists down-voted queries: the named retrieval, else the retrieval in the response request', async () => {
    expect(await run(engine, downVotedQueriesQuery(ANY_SCOPE), DOWN_VOTED_ROW)).toEqual([{ query: 'scored', down: 2 }, { query: 'prod', down: 1 }]);
  });

  it('breaks gate decisions down by ISO week and category', async () => {
    const rows = await run(engine, gateDecisionBreakdownQuery(ANY_SCOPE), GATE_DECISION_BREAKDOWN_ROW);
    expect(rows).toEqual([
      { week: '2026-W40', category: 'c', decision: 'answer', n: 1 },
      { week: '2026-W40', category: 'c', decision: 'handoff', n: 2 },
      { week: '2026-W40', category: null, decision: 'answer', n: 1 },
      { week: '2026-W40', category: null, decision: 'handoff', n: 1 },
      { week: '2026-W41', category: 'c', decision: 'answer', n: 1 },
    ]);
  });

  it('lists responses whose latest gate answered, with their resolved review verdict', async () => {
    expect(await run(engine, answeredResponsesQuery(), ANSWERED_RESPONSE_ROW)).toEqual([{ week: '2026-W40', event_id: 'resp-p', session_id: 's1', text: 'ok', verdict: 'wrong', in_scope: true }]);
  });
});
