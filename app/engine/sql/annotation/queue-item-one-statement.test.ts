import { describe, expect, it } from 'vitest';
import type { Engine } from '../../engine';
import type { QueueKind } from '../../../model/annotation/queue';
import { at, makePrompt, makeRelevance, makeRetrieval, type TestEvent } from '../metrics/fixtures';
import { loadedTestEngine } from '../metrics/loaded-test-engine';
import { run } from '../core/run';
import { ITEM_LABEL_ROW, itemLabelsQuery } from './item-labels';
import {
  loadQueueItem, QUEUE_GATE_ROW, QUEUE_RETRIEVAL_ROW, QUEUE_TURN_ROW, queueGatesQuery, queueRetrievalQuery, queueTurnQuery, RANKED_ASSET_ROW, rankedAssetsQuery,
  TURN_RETRIEVAL_ROW, turnRetrievalsQuery, type QueueItemContext,
} from './queue-item-context';
import { loadQueueCandidates, QUEUE_ITEM_ROW, queueItemsQuery } from './queue-items';

/**
 * The queue's one-statement reads against the separate statements they replaced, on a log made
 * for the edge cases: a retrieval without a turn (its gates: its session's of its request), a turn id used in two sessions, gates naming a retrieval from another
 * session, a query label, labels without ts (first in label order), a label given twice at one ts
 * (seq decides), an asset returned twice.
 */
const gate = (id: string, fields: TestEvent): TestEvent => ({ type: 'gate', event_id: id, ts: at(1), session_id: 's1', ...fields });
const DATASET: TestEvent[] = [
  makePrompt('t0', { event_id: 'p0', ts: at(-5), text: 'hello', request_id: 'q0' }),
  { type: 'response', event_id: 'resp0', ts: at(-4), session_id: 's1', turn_id: 't0', request_id: 'q0', text: 'Hi' },
  makePrompt('t1', { event_id: 'p1', ts: at(0), text: 'return a parcel', category: 'returns', surface: 'chat', request_id: 'q1' }),
  makePrompt('t1', { event_id: 'p1b', ts: at(0.2), text: 'again, the parcel', request_id: 'q1' }),
  { type: 'route', event_id: 'route1', ts: at(0.1), session_id: 's1', turn_id: 't1', route: 'retrieval', tool: 'search' },
  makeRetrieval('r1', { ts: at(0.5), role: 'find', returned_asset_ids: ['a1', 'a2', 'a1'], scores: [0.9, 0.8, 0.7], query: 'parcel' }),
  makeRetrieval('r2', { ts: at(0.6), role: 'browse', returned_asset_ids: [] }),
  makeRetrieval('r4', { session_id: 's9', turn_id: null, request_id: 'q1', ts: at(0.7), returned_asset_ids: ['a3'] }),
  gate('g1', { request_id: 'q1', turn_id: 't1', decision: 'answer', top_gap: 0.1, doc_count: 3, retrieval_id: 'r1' }),
  gate('g2', { session_id: 's7', request_id: 'q7', decision: 'clarify', retrieval_id: 'r1', ts: at(-10) }),
  gate('g3', { session_id: 's9', request_id: 'q1', decision: 'handoff' }),
  makePrompt('t1', { event_id: 'p1-s2', session_id: 's2', ts: at(9), text: 'someone else' }),
  makeRetrieval('r3', { session_id: 's2', turn_id: 't1', request_id: 'q9', ts: at(10), returned_asset_ids: ['a2'], query: 'parcel' }),
  { type: 'asset', asset_id: 'a1', title: 'Returns policy', text: 'Return within 30 days.', kind: 'article' },
  makeRelevance('r1', 'a1', 2, { annotator: 'ann', ts: at(20) }),
  makeRelevance('r1', 'a2', 0, { annotator: 'ann', ts: null }),
  makeRelevance('r1', 'a1', 3, { annotator: 'bob', ts: at(20) }),
  makeRelevance('r4', 'a3', 1, { annotator: 'bob', ts: at(21) }),
  { type: 'label', kind: 'relevance', query: 'parcel', asset_id: 'a2', grade: 1, annotator: 'cy', ts: at(23) },
  { type: 'label', kind: 'role', retrieval_id: 'r2', role: 'step', annotator: 'ann', ts: at(24) },
  { type: 'label', kind: 'intent', turn_id: 't1', retrieval_intent: true, intents: ['returns'], annotator: 'ann', ts: null },
];

const engine = loadedTestEngine(DATASET);

/** The item's context as the six separate statements read it (the code the one statement replaced). */
async function separately(db: Engine, kind: QueueKind, itemId: string): Promise<QueueItemContext> {
  const empty: QueueItemContext = { kind, item_id: itemId, found: false, retrieval: null, turn: null, assets: [], gates: [], turnRetrievals: [], labels: [] };
  if (kind === 'intent') {
    const [turn] = await run(db, queueTurnQuery(itemId, null), QUEUE_TURN_ROW);
    if (!turn) return empty;
    const gates = await run(db, queueGatesQuery(turn.session_id, { requestId: turn.request_id, turnId: turn.turn_id }), QUEUE_GATE_ROW);
    const turnRetrievals = turn.session_id === null ? [] : await run(db, turnRetrievalsQuery(turn.session_id, turn.turn_id), TURN_RETRIEVAL_ROW);
    const labels = await run(db, itemLabelsQuery({ turnIds: [itemId] }), ITEM_LABEL_ROW);
    return { ...empty, found: true, turn, gates, turnRetrievals, labels };
  }
  const [retrieval] = await run(db, queueRetrievalQuery(itemId), QUEUE_RETRIEVAL_ROW);
  if (!retrieval) return empty;
  const [turn] = retrieval.turn_id === null ? [] : await run(db, queueTurnQuery(retrieval.turn_id, retrieval.session_id), QUEUE_TURN_ROW);
  const assets = await run(db, rankedAssetsQuery(itemId), RANKED_ASSET_ROW);
  const gates = await run(db, queueGatesQuery(retrieval.session_id, { retrievalId: itemId, requestId: retrieval.request_id, turnId: retrieval.turn_id }), QUEUE_GATE_ROW);
  const labels = await run(db, itemLabelsQuery({ retrievalIds: [itemId] }), ITEM_LABEL_ROW);
  return { ...empty, found: true, retrieval, turn: turn ?? null, assets, gates, labels };
}

describe('an item in one statement', () => {
  it.each([
    ['relevance', 'r1'], ['relevance', 'r2'], ['role', 'r3'], ['relevance', 'r4'], ['role', 'nope'], ['intent', 't0'], ['intent', 't1'], ['intent', 'nope'],
  ] as const)('%s %s: the same context as the separate statements', async (kind, id) => {
    expect(await loadQueueItem(engine, kind, id)).toEqual(await separately(engine, kind, id));
  });

  it('worked example: r1 — its turn is s1\'s first prompt of t1, its gates are g1 (its request) and g2 (names it, another session)', async () => {
    const item = await loadQueueItem(engine, 'relevance', 'r1');
    expect(item.turn).toMatchObject({ text: 'return a parcel', route: 'retrieval', tool: 'search', previous_prompt: 'hello', previous_response: 'Hi' });
    expect(item.gates.map((g) => g.event_id)).toEqual(['g2', 'g1']);
    expect(item.assets.map((a) => [a.rank, a.asset_id, a.title])).toEqual([[1, 'a1', 'Returns policy'], [2, 'a2', null], [3, 'a1', 'Returns policy']]);
    // label order: no ts first (ann a2 1, the intent label 2), then 20 min by seq (ann a1 before bob a1), then cy's query label
    expect(item.labels.map((l) => [l.annotator, l.asset_id, l.label_order])).toEqual([['ann', 'a2', 1], ['ann', 'a1', 3], ['bob', 'a1', 4], ['cy', 'a2', 6]]);
  });

  it('r4 has no turn: no turn context; the gates of its request in its own session (g3, not s1\'s g1)', async () => {
    const item = await loadQueueItem(engine, 'relevance', 'r4');
    expect(item.turn).toBeNull();
    expect(item.gates.map((g) => g.event_id)).toEqual(['g3']);
  });
});

describe('a queue\'s labels in one pass', () => {
  it.each(['relevance', 'role', 'intent'] as const)('%s: the rows item-labels.ts reads for every candidate, in the same order', async (kind) => {
    const { labels } = await loadQueueCandidates(engine, kind);
    const ids = (await run(engine, queueItemsQuery(kind), QUEUE_ITEM_ROW)).map((c) => c.item_id);
    const expected = (await run(engine, itemLabelsQuery(kind === 'intent' ? { turnIds: ids } : { retrievalIds: ids }), ITEM_LABEL_ROW)).filter((l) => l.kind === kind);
    expect(labels).toEqual(expected);
    expect(labels.length).toBeGreaterThan(0);
  });

  it('worked example: relevance — cy\'s query label once on each retrieval with the query (r1, r3); r2 returned nothing, its role label is not relevance', async () => {
    const { candidates, labels } = await loadQueueCandidates(engine, 'relevance');
    expect(candidates.map((c) => c.item_id)).toEqual(['r1', 'r4', 'r3']);
    expect(labels.map((l) => [l.retrieval_id, l.asset_id, l.annotator, l.label_order])).toEqual([
      ['r1', 'a2', 'ann', 1], ['r1', 'a1', 'ann', 3], ['r1', 'a1', 'bob', 4], ['r4', 'a3', 'bob', 5], ['r1', 'a2', 'cy', 6], ['r3', 'a2', 'cy', 6],
    ]);
  });
});
