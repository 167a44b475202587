import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS } from '../../../model/metrics/settings';
import type { Engine } from '../../engine';
import { computeMetricsReport } from '../../metrics-report';
import { at, createTestEngine, loadEvents, makeAction, makeIntent, makePrompt, makeRetrieval } from './fixtures';

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
});
afterAll(() => engine.close());

const turnWithRetrieval = (turn: string) => [makePrompt(turn), makeRetrieval(`r-${turn}`, { turn_id: turn })];

const DATASET = [
  ...turnWithRetrieval('t1'), makeIntent('t1', true), // invoked, labeled true
  ...turnWithRetrieval('t2'), makeIntent('t2', false), // invoked, labeled false → misroute
  makePrompt('t3'), makeIntent('t3', true), // labeled true, no retrieval → missed
  makePrompt('t4'), // nothing
  makePrompt('t5', { rewrite_of: 't1' }), // rephrases a turn that had a retrieval → search rewrite
  makePrompt('t6', { rewrite_of: 't4' }), // rephrases a turn without one → downstream correction
  ...turnWithRetrieval('t7'), makeIntent('t7', true, ['order', 'find']), // multi-intent
  makeAction('user', 'edit', { consumed_asset_id: 'a1' }),
  makeAction('user', 'regenerate', { consumed_asset_id: 'a1' }),
  makeAction('agent', 'regenerate', { consumed_asset_id: 'a1' }), // not a user edit
  makeAction('user', 'select', { consumed_asset_id: 'a1' }), // not an edit
];

describe('Tier 0', () => {
  it('splits invoked, misrouted, missed, multi-intent and the two kinds of rewrite', async () => {
    await loadEvents(engine, DATASET);
    const { tier0 } = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
    // 7 prompts; invoked t1 t2 t7; labeled t1 t2 t3 t7; invoked+labeled t1 t2 t7 of which t2 false;
    // labeled true t1 t3 t7 of which t3 has no retrieval; 2+ intents: t7 of 4 labeled.
    expect(tier0).toEqual({
      prompts: 7,
      retrieval_invoked_rate: 3 / 7,
      misroute_rate: 1 / 3,
      missed_retrieval_rate: 1 / 3,
      multi_intent_share: 1 / 4,
      search_rewrites: 1,
      downstream_corrections: 1,
      downstream_edits: 2,
    });
  });

  it('a zero denominator gives null, not 0', async () => {
    await loadEvents(engine, [makePrompt('t1'), makePrompt('t2')]);
    const { tier0 } = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
    expect(tier0).toMatchObject({ prompts: 2, retrieval_invoked_rate: 0, misroute_rate: null, missed_retrieval_rate: null, multi_intent_share: null });
    await loadEvents(engine, []);
    expect((await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS)).tier0.retrieval_invoked_rate).toBeNull();
  });

  it('filters prompts and edits by their own surface and ts', async () => {
    await loadEvents(engine, [
      makePrompt('t1', { surface: 'chat' }),
      makePrompt('t2', { surface: 'editor', ts: at(0) }),
      makePrompt('t3', { surface: 'editor', ts: at(120) }),
      makeAction('user', 'edit', { surface: 'editor', ts: at(1) }),
      makeAction('user', 'edit', { surface: 'chat', ts: at(1) }),
    ]);
    const { tier0 } = await computeMetricsReport(engine, { ...DEFAULT_METRIC_SETTINGS, surfaces: ['editor'], from: at(0), to: at(60) });
    expect(tier0).toMatchObject({ prompts: 1, downstream_edits: 1 });
  });
});
