import { describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../model/metrics/settings';
import { ANY_SCOPE, type EventScope } from '../../model/event-scope';
import { at, makeFeedback, makePrompt, makeRelevance, makeRetrieval, type TestEvent } from './metrics/fixtures';
import { SESSION_SIGNAL_ROW, sessionSignalsQuery } from './session-signals';
import { loadedTestEngine } from './metrics/loaded-test-engine';
import { run } from './core/run';

const WEEK = 7 * 24 * 60;
const review = (target: string, verdict: string, annotator: string, fields: TestEvent = {}): TestEvent =>
  ({ type: 'label', kind: 'answer_review', target_event_id: target, verdict, annotator, ...fields });

/**
 * s1 (chat, bot): turn t1 is billing, t2 returns.
 *   r1 returns a1, a2 with only a2 relevant: P@1 = 0, Tier 1 bad, no ORF signal → masked (an export uses it).
 *   r2 returns nothing, judged → Tier 1 bad; r3 re-searches it (rewrite_of) → r2 has ORF → empty, ORF, not masked.
 *   r3 returns a3, relevant → healthy; it is a rewrite.
 *   gates: handoff + clarify in t1, handoff in t2; one down-vote on resp1; p2 rephrases t1.
 *   resp1 reviewed partial; resp2 wrong by two votes to one.
 *   r6 (t2) raised (`error`) and returned nothing: failed, not empty.
 * s2 (library, creative, a week later): r4 unjudged, down-voted → ORF; resp3 wrong then adjudicated correct.
 * s3 (chat, bot): r5 returns a7, a8, a9 with a7 grade 1, a9 grade 3: P@1 = 1,
 *   nDCG@10 = (1 + 3/log2 4) / (3 + 1/log2 3) = 2.5 / 3.631 = 0.689: bad only at a threshold above that, or at K = 1 (1/3).
 */
const s1 = { session_id: 's1', surface: 'chat', run_id: 'bot' };
const t1 = { ...s1, turn_id: 't1', request_id: 'q1' };
const t2 = { ...s1, turn_id: 't2', request_id: 'q2', ts: at(10) };
const s2 = { session_id: 's2', surface: 'library', run_id: 'creative', turn_id: 't3', request_id: 'q3', ts: at(WEEK) };
const s3 = { session_id: 's3', surface: 'chat', run_id: 'bot', turn_id: 't4', request_id: 'q4', ts: at(20) };

const DATASET: TestEvent[] = [
  makePrompt('t1', { ...t1, event_id: 'p1', category: 'billing' }),
  makeRetrieval('r1', { ...t1, returned_asset_ids: ['a1', 'a2'] }), makeRelevance('r1', 'a2', 3),
  makeRetrieval('r2', { ...t1, returned_asset_ids: [] }), makeRelevance('r2', 'a3', 2),
  makeRetrieval('r3', { ...t1, returned_asset_ids: ['a3'], rewrite_of: 'r2' }), makeRelevance('r3', 'a3', 2),
  { type: 'gate', ...t1, ts: at(1), decision: 'handoff' },
  { type: 'gate', ...t1, ts: at(1), decision: 'clarify' },
  { type: 'response', ...t1, ts: at(2), event_id: 'resp1', text: 'maybe' },
  makeFeedback('down', { ...t1, target_event_id: 'resp1' }),
  makeFeedback('up', { ...t1, target_event_id: 'resp1' }),
  { type: 'action', ...t1, ts: at(3), actor: 'user', action: 'export', consumed_asset_id: 'a2', source_retrieval_id: 'r1' },
  makePrompt('t2', { ...t2, event_id: 'p2', category: 'returns', rewrite_of: 't1' }),
  { type: 'gate', ...t2, decision: 'handoff' },
  { type: 'response', ...t2, event_id: 'resp2', text: 'no' },
  makeRetrieval('r6', { ...t2, returned_asset_ids: [], error: 'TimeoutError: no answer in 30 s' }),
  review('resp1', 'partial', 'ann1'),
  review('resp2', 'wrong', 'ann1'), review('resp2', 'wrong', 'ann2'), review('resp2', 'correct', 'ann3'),

  makePrompt('t3', { ...s2, event_id: 'p3' }),
  makeRetrieval('r4', { ...s2, returned_asset_ids: ['a5'] }),
  makeFeedback('down', { ...s2, retrieval_id: 'r4' }),
  { type: 'response', ...s2, event_id: 'resp3', text: 'yes' },
  review('resp3', 'wrong', 'ann1'), review('resp3', 'correct', 'ann2', { adjudicated: true }),

  makePrompt('t4', { ...s3, event_id: 'p4' }),
  makeRetrieval('r5', { ...s3, returned_asset_ids: ['a7', 'a8', 'a9'] }), makeRelevance('r5', 'a7', 1), makeRelevance('r5', 'a9', 3),
];

const engine = loadedTestEngine(DATASET);

const signals = async (scope: EventScope = ANY_SCOPE, settings: MetricSettings = DEFAULT_METRIC_SETTINGS) => {
  const rows = await run(engine, sessionSignalsQuery(scope, settings), SESSION_SIGNAL_ROW);
  return Object.fromEntries(rows.map(({ session_id, masked, orf, empty, failed, clarify, handoff, down, wrong, worst_verdict, rewrite, completion, in_scope }) =>
    [session_id, { masked, orf, empty, failed, clarify, handoff, down, wrong, worst_verdict, rewrite, completion, in_scope }]));
};

const none = { masked: 0, orf: 0, empty: 0, failed: 0, clarify: 0, handoff: 0, down: 0, wrong: 0, worst_verdict: null, rewrite: 0, completion: 0 };

describe('session signals', () => {
  it('counts each signal per session; the review column is the worst resolved verdict', async () => {
    expect(await signals()).toEqual({
      s1: { masked: 1, orf: 1, empty: 1, failed: 1, clarify: 1, handoff: 2, down: 1, wrong: 2, worst_verdict: 'wrong', rewrite: 2, completion: 1, in_scope: true },
      s2: { ...none, orf: 1, down: 1, worst_verdict: 'correct', in_scope: true },
      s3: { ...none, in_scope: true },
    });
  });

  it('keeps the session summary columns, newest session first', async () => {
    const rows = await run(engine, sessionSignalsQuery(ANY_SCOPE, DEFAULT_METRIC_SETTINGS), SESSION_SIGNAL_ROW);
    expect(rows.map((r) => [r.session_id, r.surface, r.run_id, r.prompts, r.retrievals, r.actions])).toEqual([
      ['s2', 'library', 'creative', 1, 1, 0], ['s3', 'chat', 'bot', 1, 1, 0], ['s1', 'chat', 'bot', 2, 4, 1],
    ]);
  });

  it('masked failures follow the shared K and Tier 1 threshold', async () => {
    expect((await signals(ANY_SCOPE, { ...DEFAULT_METRIC_SETTINGS, tier1Threshold: 0.7 })).s3.masked).toBe(1);
    expect((await signals(ANY_SCOPE, { ...DEFAULT_METRIC_SETTINGS, tier1Threshold: 0.6 })).s3.masked).toBe(0);
    expect((await signals(ANY_SCOPE, { ...DEFAULT_METRIC_SETTINGS, k: 1 })).s3.masked).toBe(1);
  });

  it('a category counts only the events of that category’s turns, and marks the sessions with none', async () => {
    expect(await signals({ ...ANY_SCOPE, category: 'billing' })).toEqual({
      // t1 only: one handoff, the partial review, the rewrite r3 (p2 is in t2), the export of t1
      s1: { masked: 1, orf: 1, empty: 1, failed: 0, clarify: 1, handoff: 1, down: 1, wrong: 1, worst_verdict: 'partial', rewrite: 1, completion: 1, in_scope: true },
      s2: { ...none, in_scope: false },
      s3: { ...none, in_scope: false },
    });
    expect((await signals({ ...ANY_SCOPE, category: 'returns' })).s1).toEqual({ ...none, failed: 1, handoff: 1, wrong: 1, worst_verdict: 'wrong', rewrite: 1, in_scope: true });
  });

  it('a system, a surface or a week narrows the same way', async () => {
    const inScope = async (scope: EventScope) => Object.entries(await signals(scope)).filter(([, row]) => row.in_scope).map(([id]) => id);
    expect(await inScope({ ...ANY_SCOPE, system: 'creative' })).toEqual(['s2']);
    expect(await inScope({ ...ANY_SCOPE, surface: 'chat' })).toEqual(['s3', 's1']);
    const [{ week }] = await run(engine, `SELECT strftime(epoch_ms(${at(WEEK)}::BIGINT), '%G-W%V') AS week`, { week: 'string' });
    expect(await inScope({ ...ANY_SCOPE, week })).toEqual(['s2']);
    expect((await signals({ ...ANY_SCOPE, week })).s2).toEqual({ ...none, orf: 1, down: 1, worst_verdict: 'correct', in_scope: true });
  });
});
