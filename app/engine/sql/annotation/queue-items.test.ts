import { describe, expect, it } from 'vitest';
import { candidateAssets, itemStates } from '../../../model/annotation/queue';
import { disagreeingItems, pickQueue } from '../../../model/annotation/queue-reference';
import { at, makePrompt, makeRelevance, makeRetrieval, type TestEvent } from '../metrics/fixtures';
import { loadQueueItem } from './queue-item-context';
import { loadQueueCandidates, loadQueueVotes } from './queue-items';
import { loadedTestEngine } from '../metrics/loaded-test-engine';

const gate = (id: string, fields: TestEvent): TestEvent => ({ type: 'gate', event_id: id, ts: at(1), session_id: 's1', ...fields });
const role = (retrieval_id: string, value: string, annotator: string, minutes: number): TestEvent =>
  ({ type: 'label', kind: 'role', retrieval_id, role: value, annotator, ts: new Date(at(minutes)).toISOString() });

/**
 * s1: turn t0 (a prompt and its reply), then turn t1 with two retrievals (r1 returns a1, a2, a1;
 * r2 is empty) and a gate on r1; turn t2 has no retrieval. s2/t1 reuses the turn id in another
 * session. Labels: r1 graded by ann (both assets) and bob (a1, another grade); a query label on
 * r3's query; role labels on r1 by two annotators who disagree.
 */
const DATASET: TestEvent[] = [
  makePrompt('t0', { event_id: 'p0', ts: at(-5), text: 'hello', request_id: 'q0', surface: 'chat' }),
  { type: 'response', event_id: 'resp0', ts: at(-4), session_id: 's1', turn_id: 't0', request_id: 'q0', text: 'Hi, how can I help?' },
  makePrompt('t1', { event_id: 'p1', ts: at(0), text: 'return a parcel', category: 'returns', surface: 'chat', request_id: 'q1' }),
  { type: 'route', event_id: 'route1', ts: at(0.1), session_id: 's1', turn_id: 't1', route: 'retrieval' },
  makeRetrieval('r1', { ts: at(0.5), role: 'find', returned_asset_ids: ['a1', 'a2', 'a1'], scores: [0.9, 0.8, 0.7], dense_score: 0.9 }),
  makeRetrieval('r2', { ts: at(0.6), role: 'browse', returned_asset_ids: [] }),
  gate('g1', { request_id: 'q1', turn_id: 't1', decision: 'answer', dense_score: 0.9, sparse_score: 7, top_gap: 0.1, doc_count: 3, category: 'gate-cat', retrieval_id: 'r1' }),
  gate('g-other', { session_id: 's9', request_id: 'q1', decision: 'handoff' }),
  makePrompt('t2', { event_id: 'p2', ts: at(3), request_id: 'q2', surface: 'editor' }),
  makePrompt('t1', { event_id: 'p1-s2', session_id: 's2', ts: at(9), text: 'someone else' }),
  makeRetrieval('r3', { session_id: 's2', turn_id: 't9', request_id: 'q9', ts: at(10), surface: 'library', returned_asset_ids: ['a2'], query: 'shared' }),
  { type: 'asset', asset_id: 'a1', title: 'Returns policy', text: 'Return within 30 days.', kind: 'article' },
  makeRelevance('r1', 'a1', 2, { annotator: 'ann', ts: at(20) }),
  makeRelevance('r1', 'a2', 0, { annotator: 'ann', ts: at(21) }),
  makeRelevance('r1', 'a1', 3, { annotator: 'bob', ts: at(22) }),
  { type: 'label', kind: 'relevance', query: 'shared', asset_id: 'a2', grade: 1, annotator: 'cy', ts: at(23) },
  role('r1', 'find', 'ann', 24),
  role('r1', 'step', 'bob', 25),
  { type: 'label', kind: 'intent', turn_id: 't2', retrieval_intent: false, intents: [], annotator: 'ann', ts: at(26) },
];

const engine = loadedTestEngine(DATASET);

describe('queue candidates', () => {
  it('relevance: retrievals with results, in time order, with strata and the assets to grade', async () => {
    const { candidates, labels } = await loadQueueCandidates(engine, 'relevance');
    expect(candidates.map((c) => ({ item_id: c.item_id, role: c.role, surface: c.surface, category: c.category, asset_ids: candidateAssets(c).sort() }))).toEqual([
      { item_id: 'r1', role: 'find', surface: 'chat', category: 'returns', asset_ids: ['a1', 'a2'] },
      { item_id: 'r3', role: null, surface: 'library', category: null, asset_ids: ['a2'] },
    ]);
    // The query label counts on r3, the retrieval with that query; role labels are not relevance labels.
    expect(labels.map((label) => [label.retrieval_id, label.asset_id, label.annotator])).toEqual([
      ['r1', 'a1', 'ann'], ['r1', 'a2', 'ann'], ['r1', 'a1', 'bob'], ['r3', 'a2', 'cy'],
    ]);
  });

  it('role: every retrieval; the disagreement pick follows the agreement votes', async () => {
    const { candidates, labels } = await loadQueueCandidates(engine, 'role');
    const votes = await loadQueueVotes(engine, 'role');
    expect(candidates.map((c) => c.item_id)).toEqual(['r1', 'r2', 'r3']);
    const states = itemStates('role', labels);
    const disagreeing = disagreeingItems('role', candidates, votes);
    const params = { by: 'role', seed: 'x', size: 10, annotator: 'cy' } as const;
    expect(pickQueue(candidates, states, disagreeing, { ...params, pick: 'disagreement' })).toEqual(['r1']);
    expect(pickQueue(candidates, states, disagreeing, { ...params, pick: 'unlabeled' })).toEqual(['r2', 'r3']);
  });

  it('relevance disagreement: ann and bob grade (r1, a1) differently', async () => {
    const { candidates, labels } = await loadQueueCandidates(engine, 'relevance');
    const votes = await loadQueueVotes(engine, 'relevance');
    const disagreeing = disagreeingItems('relevance', candidates, votes);
    const states = itemStates('relevance', labels);
    const params = { by: 'role', seed: 'x', size: 10, annotator: 'me' } as const;
    expect(pickQueue(candidates, states, disagreeing, { ...params, pick: 'disagreement' })).toEqual(['r1']);
    expect(pickQueue(candidates, states, disagreeing, { ...params, pick: 'single' })).toEqual(['r3']);
    expect(pickQueue(candidates, states, disagreeing, { ...params, pick: 'single', annotator: 'cy' })).toEqual([]);
  });

  it('intent: one item per turn id (its first prompt), with its first retrieval\'s role', async () => {
    const { candidates, labels } = await loadQueueCandidates(engine, 'intent');
    expect(candidates.map(({ item_id, role, surface, query }) => ({ item_id, role, surface, query }))).toEqual([
      { item_id: 't0', role: null, surface: 'chat', query: 'hello' },
      { item_id: 't1', role: 'find', surface: 'chat', query: 'return a parcel' },
      { item_id: 't2', role: null, surface: 'editor', query: 'prompt t2' },
    ]);
    expect(labels.map((label) => label.turn_id)).toEqual(['t2']);
  });
});

describe('a queue item\'s context', () => {
  it('a retrieval: its list with catalog titles, its turn and the one before, the gate of its request', async () => {
    const item = await loadQueueItem(engine, 'relevance', 'r1');
    expect(item.found).toBe(true);
    expect(item.retrieval).toMatchObject({ retrieval_id: 'r1', query: 'query of r1', role: 'find', dense_score: 0.9, result_count: 3 });
    expect(item.assets).toEqual([
      { rank: 1, asset_id: 'a1', score: 0.9, title: 'Returns policy', text: 'Return within 30 days.', kind: 'article' },
      { rank: 2, asset_id: 'a2', score: 0.8, title: null, text: null, kind: null },
      { rank: 3, asset_id: 'a1', score: 0.7, title: 'Returns policy', text: 'Return within 30 days.', kind: 'article' },
    ]);
    expect(item.turn).toMatchObject({
      turn_id: 't1', session_id: 's1', text: 'return a parcel', route: 'retrieval',
      previous_turn_id: 't0', previous_prompt: 'hello', previous_response: 'Hi, how can I help?',
    });
    // g-other shares the request id but is in another session.
    expect(item.gates.map((g) => [g.event_id, g.decision, g.top_gap, g.doc_count])).toEqual([['g1', 'answer', 0.1, 3]]);
    expect(item.labels.map((label) => `${label.kind}:${label.annotator}`)).toEqual(['relevance:ann', 'relevance:ann', 'relevance:bob', 'role:ann', 'role:bob']);
  });

  it('a turn: its prompt, route, retrievals and gate; an unknown id is not found', async () => {
    const item = await loadQueueItem(engine, 'intent', 't1');
    expect(item.turn).toMatchObject({ session_id: 's1', text: 'return a parcel', route: 'retrieval', previous_prompt: 'hello' });
    expect(item.turnRetrievals.map((r) => [r.retrieval_id, r.result_count])).toEqual([['r1', 3], ['r2', 0]]);
    expect(item.gates.map((g) => g.event_id)).toEqual(['g1']);
    const first = await loadQueueItem(engine, 'intent', 't0');
    expect(first.turn).toMatchObject({ previous_turn_id: null, previous_prompt: null, previous_response: null });
    expect((await loadQueueItem(engine, 'role', 'nope')).found).toBe(false);
  });
});
