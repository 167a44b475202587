import { describe, expect, it } from 'vitest';
import { feedbackWeeks } from '../../../model/gate/feedback';
import { DEFAULT_METRIC_SETTINGS } from '../../../model/metrics/settings';
import { REVIEW_VERDICT_ROW, reviewVerdictsQuery } from '../annotation/review-report';
import { ANY_SCOPE, type EventScope } from '../../../model/event-scope';
import { at, type TestEvent } from '../metrics/fixtures';
import { FEEDBACK_WEEK_ROW, feedbackByWeekQuery } from '../metrics/sections';
import { run } from '../core/run';
import { GATE_DECISION_BREAKDOWN_ROW, gateDecisionBreakdownQuery } from './decisions';
import { DOWN_VOTED_ROW, downVotedQueriesQuery, feedbackByWeekInScopeQuery } from './feedback';
import { GATE_FILTER_CHOICE_ROW, gateFilterChoicesQuery } from './filter-choices';
import { loadGateScreen } from './gate-screen';
import { loadedTestEngine } from '../metrics/loaded-test-engine';

const DAY = 24 * 60;
const W40 = '2026-W40'; // at(0) is Thursday 2026-10-01
const W41 = '2026-W41'; // at(4 * DAY) is Monday 2026-10-05
const support = (fields: TestEvent): TestEvent => ({ surface: 'support', ts: at(0), ...fields });
const gate = (id: string, decision: string, fields: TestEvent): TestEvent => support({ type: 'gate', event_id: id, decision, ...fields });
const vote = (id: string, rating: 'up' | 'down', fields: TestEvent): TestEvent => ({ type: 'feedback', event_id: id, rating, ts: at(3), ...fields });
const review = (target: string, verdict: string): TestEvent => ({ type: 'label', kind: 'answer_review', target_event_id: target, verdict, annotator: 'ann' });

/**
 * Two assistants in one load. The support bot (surface `support`, systems v1 and v2) has
 * categories on its prompts; the creative one (surface `chat`, no system) has none.
 *   s1/t1 billing, v1: g1 handoff (no own category → billing), g2 answer (own category returns, latest for req1),
 *     resp1 (answered), f1 down on t1 → billing;
 *   s2/t2 returns, v2: g3 clarify (req2), g4 handoff in W41, resp2 (clarified), f2 up and f3 down (W41) with no
 *     turn, targeting resp2 → returns;
 *   s4/t4 returns, v2: g5 answer (req4), resp4 (answered);
 *   s3/t3 creative: f4 down (retrieval r3), f5 down (nothing to trace), f6 up, all W40 with no category.
 */
const DATASET: TestEvent[] = [
  support({ type: 'prompt', session_id: 's1', turn_id: 't1', text: 'refund?', category: 'billing', run_id: 'v1' }),
  support({ type: 'retrieval', session_id: 's1', turn_id: 't1', request_id: 'req1', retrieval_id: 'r1', query: 'refund status', returned_asset_ids: [], run_id: 'v1' }),
  gate('g1', 'handoff', { session_id: 's1', turn_id: 't1', request_id: 'req1', ts: at(1), run_id: 'v1' }),
  gate('g2', 'answer', { session_id: 's1', turn_id: 't1', request_id: 'req1', ts: at(1.5), category: 'returns', run_id: 'v1' }),
  support({ type: 'response', event_id: 'resp1', session_id: 's1', turn_id: 't1', request_id: 'req1', text: 'a', ts: at(2), run_id: 'v1' }),
  vote('f1', 'down', { session_id: 's1', turn_id: 't1', target_event_id: 'resp1', surface: 'support', run_id: 'v1' }),

  support({ type: 'prompt', session_id: 's2', turn_id: 't2', text: 'return?', category: 'returns', run_id: 'v2' }),
  support({ type: 'retrieval', session_id: 's2', turn_id: 't2', request_id: 'req2', retrieval_id: 'r2', query: 'return label', returned_asset_ids: [], run_id: 'v2' }),
  gate('g3', 'clarify', { session_id: 's2', turn_id: 't2', request_id: 'req2', ts: at(1), run_id: 'v2' }),
  gate('g4', 'handoff', { session_id: 's2', turn_id: 't2', ts: at(4 * DAY), category: 'returns', run_id: 'v2' }),
  support({ type: 'response', event_id: 'resp2', session_id: 's2', turn_id: 't2', request_id: 'req2', text: 'which order?', ts: at(2), run_id: 'v2' }),
  vote('f2', 'up', { session_id: 's2', target_event_id: 'resp2', surface: 'support', run_id: 'v2' }),
  vote('f3', 'down', { session_id: 's2', target_event_id: 'resp2', surface: 'support', run_id: 'v2', ts: at(4 * DAY) }),

  support({ type: 'prompt', session_id: 's4', turn_id: 't4', text: 'swap?', category: 'returns', run_id: 'v2' }),
  gate('g5', 'answer', { session_id: 's4', turn_id: 't4', request_id: 'req4', ts: at(1), run_id: 'v2' }),
  support({ type: 'response', event_id: 'resp4', session_id: 's4', turn_id: 't4', request_id: 'req4', text: 'b', ts: at(2), run_id: 'v2' }),

  { type: 'prompt', session_id: 's3', turn_id: 't3', text: 'a poem', surface: 'chat', ts: at(0) },
  { type: 'retrieval', session_id: 's3', turn_id: 't3', retrieval_id: 'r3', query: 'poem', returned_asset_ids: [], surface: 'chat', ts: at(0) },
  vote('f4', 'down', { session_id: 's3', turn_id: 't3', retrieval_id: 'r3', surface: 'chat' }),
  vote('f5', 'down', { session_id: 's3', turn_id: 't3', surface: 'chat' }),
  vote('f6', 'up', { session_id: 's3', turn_id: 't3', surface: 'chat' }),

  review('resp1', 'wrong'),
  review('resp2', 'partial'),
  review('resp4', 'correct'),
  { type: 'eval_case', query: 'return window', category: 'returns', should_answer: true },
  { type: 'eval_case', query: 'warranty length', category: 'warranty', should_answer: true },
];

const engine = loadedTestEngine(DATASET);

const scope = (fields: Partial<EventScope>): EventScope => ({ ...ANY_SCOPE, ...fields });

describe('gate decisions in a scope', () => {
  it('counts every gate by its category (own, else its turn prompt’s) and ISO week', async () => {
    expect(await run(engine, gateDecisionBreakdownQuery(ANY_SCOPE), GATE_DECISION_BREAKDOWN_ROW)).toEqual([
      { week: W40, category: 'billing', decision: 'handoff', n: 1 },
      { week: W40, category: 'returns', decision: 'answer', n: 2 },
      { week: W40, category: 'returns', decision: 'clarify', n: 1 },
      { week: W41, category: 'returns', decision: 'handoff', n: 1 },
    ]);
  });

  it('narrows by category (a gate’s own category wins over its turn’s), system and surface', async () => {
    expect(await run(engine, gateDecisionBreakdownQuery(scope({ category: 'billing' })), GATE_DECISION_BREAKDOWN_ROW)).toEqual([{ week: W40, category: 'billing', decision: 'handoff', n: 1 }]);
    expect(await run(engine, gateDecisionBreakdownQuery(scope({ system: 'v2' })), GATE_DECISION_BREAKDOWN_ROW)).toEqual([
      { week: W40, category: 'returns', decision: 'answer', n: 1 },
      { week: W40, category: 'returns', decision: 'clarify', n: 1 },
      { week: W41, category: 'returns', decision: 'handoff', n: 1 },
    ]);
    expect(await run(engine, gateDecisionBreakdownQuery(scope({ system: 'v1', category: 'returns' })), GATE_DECISION_BREAKDOWN_ROW)).toEqual([{ week: W40, category: 'returns', decision: 'answer', n: 1 }]);
    expect(await run(engine, gateDecisionBreakdownQuery(scope({ surface: 'chat' })), GATE_DECISION_BREAKDOWN_ROW)).toEqual([]);
  });
});

describe('feedback in a scope', () => {
  it('with no scope, gives the report’s weeks', async () => {
    expect(await run(engine, feedbackByWeekInScopeQuery(ANY_SCOPE), FEEDBACK_WEEK_ROW)).toEqual(await run(engine, feedbackByWeekQuery(DEFAULT_METRIC_SETTINGS), FEEDBACK_WEEK_ROW));
    expect(await run(engine, feedbackByWeekInScopeQuery(ANY_SCOPE), FEEDBACK_WEEK_ROW)).toEqual([{ week: W40, total: 5, down: 3 }, { week: W41, total: 1, down: 1 }]);
  });

  it('splits the two assistants by surface; a vote with no turn takes its target response’s category', async () => {
    expect(await run(engine, feedbackByWeekInScopeQuery(scope({ surface: 'chat' })), FEEDBACK_WEEK_ROW)).toEqual([{ week: W40, total: 3, down: 2 }]);
    expect(await run(engine, feedbackByWeekInScopeQuery(scope({ surface: 'support' })), FEEDBACK_WEEK_ROW)).toEqual([{ week: W40, total: 2, down: 1 }, { week: W41, total: 1, down: 1 }]);
    expect(await run(engine, feedbackByWeekInScopeQuery(scope({ category: 'returns' })), FEEDBACK_WEEK_ROW)).toEqual([{ week: W40, total: 1, down: 0 }, { week: W41, total: 1, down: 1 }]);
    expect(await run(engine, feedbackByWeekInScopeQuery(scope({ system: 'v1' })), FEEDBACK_WEEK_ROW)).toEqual([{ week: W40, total: 1, down: 1 }]);
  });

  it('lists the down-voted queries of the scope', async () => {
    expect(await run(engine, downVotedQueriesQuery(ANY_SCOPE), DOWN_VOTED_ROW)).toEqual([{ query: 'poem', down: 1 }, { query: 'refund status', down: 1 }, { query: 'return label', down: 1 }]);
    expect(await run(engine, downVotedQueriesQuery(scope({ surface: 'support' })), DOWN_VOTED_ROW)).toEqual([{ query: 'refund status', down: 1 }, { query: 'return label', down: 1 }]);
    expect(await run(engine, downVotedQueriesQuery(scope({ category: 'returns' })), DOWN_VOTED_ROW)).toEqual([{ query: 'return label', down: 1 }]);
  });

  it('raises the alarm only in weeks with at least the minimum votes', async () => {
    const { feedback } = await loadGateScreen(engine, ANY_SCOPE);
    // W40: 3 down of 5 = 60%; W41: 1 of 1 = 100%. Both above 15%.
    const marks = (minVotes: number) => feedbackWeeks(feedback, minVotes).map(({ week, rate, tooFewVotes, alarm }) => ({ week, rate, tooFewVotes, alarm }));
    expect(marks(10)).toEqual([
      { week: W40, rate: 0.6, tooFewVotes: true, alarm: false },
      { week: W41, rate: 1, tooFewVotes: true, alarm: false },
    ]);
    expect(marks(5)).toEqual([
      { week: W40, rate: 0.6, tooFewVotes: false, alarm: true },
      { week: W41, rate: 1, tooFewVotes: true, alarm: false },
    ]);
    expect(marks(1).map((week) => week.alarm)).toEqual([true, true]);
  });
});

describe('the review in a scope', () => {
  it('with no scope, gives the report’s verdict counts; a scope holding every response gives the same', async () => {
    const everyVerdict = [{ week: W40, verdict: 'correct', n: 1 }, { week: W40, verdict: 'partial', n: 1 }, { week: W40, verdict: 'wrong', n: 1 }];
    expect(await run(engine, reviewVerdictsQuery(), REVIEW_VERDICT_ROW)).toEqual(everyVerdict);
    expect(await run(engine, reviewVerdictsQuery(scope({ surface: 'support' })), REVIEW_VERDICT_ROW)).toEqual(everyVerdict);
    expect(await run(engine, reviewVerdictsQuery(scope({ category: 'billing' })), REVIEW_VERDICT_ROW)).toEqual([{ week: W40, verdict: 'wrong', n: 1 }]);
  });

  it('counts answered responses and verdicts of the scope; the sample keeps only its responses in scope', async () => {
    const all = await loadGateScreen(engine, ANY_SCOPE);
    const ids = (weeks: typeof all.review) => weeks.map(({ week, answered, sample }) => ({ week, answered, sample: sample.map((item) => item.event_id).sort() }));
    expect(ids(all.review)).toEqual([{ week: W40, answered: 2, sample: ['resp1', 'resp4'] }]);
    expect(all.reviewReport.by_week[W40]).toMatchObject({ reviewed: 3, wrong: 1, partial: 1, correct: 1 });

    const billing = await loadGateScreen(engine, scope({ category: 'billing' }));
    expect(ids(billing.review)).toEqual([{ week: W40, answered: 1, sample: ['resp1'] }]);
    expect(billing.reviewReport.by_week[W40]).toMatchObject({ reviewed: 1, wrong: 1, confidently_wrong_rate: 1 });

    const returns = await loadGateScreen(engine, scope({ category: 'returns' }));
    expect(returns.reviewReport.by_week[W40]).toMatchObject({ reviewed: 2, wrong: 0, partial: 1, correct: 1, confidently_wrong_rate: 0 });
    expect((await loadGateScreen(engine, scope({ surface: 'chat' }))).review).toEqual([]);
  });
});

describe('calibration in a scope', () => {
  it('keeps the eval cases of the category; surface and system do not narrow eval cases', async () => {
    expect((await loadGateScreen(engine, scope({ category: 'returns' }))).calibrationReport.cases).toBe(1);
    expect((await loadGateScreen(engine, scope({ surface: 'chat', system: 'v1' }))).calibrationReport.cases).toBe(2);
  });
});

describe('the filter choices', () => {
  const choices = async (fields: Partial<EventScope>) =>
    (await run(engine, gateFilterChoicesQuery(scope(fields)), GATE_FILTER_CHOICE_ROW)).map((row) => Object.values(row).join(' '));

  it('lists each loaded value with its gates, votes and (category) eval cases', async () => {
    expect(await choices({})).toEqual([
      'category billing 1 1 0',
      'category returns 4 2 1',
      'category warranty 0 0 1',
      'surface chat 0 3 0',
      'surface support 5 3 0',
      'system v1 2 1 0',
      'system v2 3 2 0',
    ]);
  });

  it('counts each filter’s values under the other filters', async () => {
    expect(await choices({ category: 'returns' })).toEqual([
      'category billing 1 1 0',
      'category returns 4 2 1',
      'category warranty 0 0 1',
      'surface support 4 2 0',
      'system v1 1 0 0',
      'system v2 3 2 0',
    ]);
    expect(await choices({ surface: 'chat' })).toEqual([
      'category returns 0 0 1',
      'category warranty 0 0 1',
      'surface chat 0 3 0',
      'surface support 5 3 0',
    ]);
  });
});
