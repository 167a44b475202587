import { describe, expect, it } from 'vitest';
import { usedRankText } from '../../model/lineage/stage-lists';
import { buildTimeline } from '../../model/lineage/timeline';
import { readOnce } from '../coordinator/query-coordinator';
import { whatIfListsIn } from '../what-if-report';
import { lineageReads } from '../lineage-test-reads';
import { at, makeAction, makeRetrieval, type TestEvent } from './metrics/fixtures';
import { loadedTestEngine } from './metrics/loaded-test-engine';
import { loadSessionInspector } from './session-inspector';
import { loadTrace } from './trace';

/**
 * s1: a hybrid retrieval with stages whose top result the trace import found in an LLM's context
 * (a derived use) and a user selected; a failed retrieval. s2, later: a derived use of r1's
 * second result, so s1 reads its `derived` from outside its own events.
 */
const DATASET: TestEvent[] = [
  makeRetrieval('r1', {
    event_id: 'e-r1', returned_asset_ids: ['a3', 'a1'], scores: [0.9, 0.4], ts: at(0),
    stages: [
      { name: 'bm25', kind: 'retriever', asset_ids: ['a1', 'a2', 'a3'], scores: [11, 9, 8] },
      { name: 'rerank', kind: 'rerank', asset_ids: ['a3', 'a1'], scores: [0.9, 0.4] },
    ],
  }),
  makeAction('agent', 'use', { event_id: 'use', consumed_asset_id: 'a3', source_retrieval_id: 'r1', derived: 'context-match', ts: at(1) }),
  makeAction('user', 'select', { event_id: 'sel', consumed_asset_id: 'a1', source_retrieval_id: 'r1', ts: at(2) }),
  makeRetrieval('r2', { event_id: 'e-r2', request_id: 'q2', turn_id: 't2', error: 'index unavailable', ts: at(3) }),
  makeAction('agent', 'use', { event_id: 'later', session_id: 's2', turn_id: 't9', consumed_asset_id: 'a1', source_retrieval_id: 'r1', derived: 'context-match', ts: at(60) }),
  { type: 'asset', asset_id: 'a2', title: 'Only in bm25' },
];

const engine = loadedTestEngine(DATASET);
const read = lineageReads(engine);

describe('the session inspector reads stages, errors and derived actions', () => {
  it("marks each lineage action with its `derived`, from the page's events and, for another session's, from its own read", async () => {
    const rows = await read((facts) => loadSessionInspector(facts, 's1'));
    expect(rows.actions.map((row) => [row.event_id, row.session_id, row.derived])).toEqual([
      ['use', 's1', 'context-match'], ['sel', 's1', null], ['later', 's2', 'context-match'],
    ]);
  });

  it("gives a failed retrieval its error, titles the assets only a stage returned, and shapes the stage lists", async () => {
    const rows = await read((facts) => loadSessionInspector(facts, 's1'));
    expect(rows.retrievals.map((row) => [row.retrieval_id, row.error])).toEqual([['r1', null], ['r2', 'index unavailable']]);
    expect(rows.assets).toEqual([{ asset_id: 'a2', title: 'Only in bm25', kind: null }]);
    const entries = buildTimeline(rows, 's1').flatMap((turn) => turn.entries);
    const r1 = entries.find((entry) => entry.event.event_id === 'e-r1')!;
    expect(r1.stages!.lists.map((list) => [list.label, list.rows.map((row) => `${row.title ?? row.assetId}${row.used ? '*' : ''}`)])).toEqual([
      ['bm25', ['a1*', 'Only in bm25', 'a3*']], ['rerank', ['a3*', 'a1*']], ['returned', ['a3*', 'a1*']],
    ]);
    expect(entries.find((entry) => entry.event.event_id === 'e-r2')!.marks).toEqual([]);
  });

  it('shows the what-if list beside the returned one, with the used assets\' ranks in it', async () => {
    const rows = await read((facts) => loadSessionInspector(facts, 's1'));
    // rrf:60 over r1's one retriever stage (bm25 [a1, a2, a3]): 1/61 > 1/62 > 1/63, the bm25 order; the rerank stage is not fused
    const lists = await readOnce(engine, (job) => whatIfListsIn(job, { kind: 'rrf', k: 60 }, ['r1']));
    // each with its fused score, rounded to 12 decimals as the ranking rounds it
    const [s1, s2, s3] = [61, 62, 63].map((rank) => Math.round((1 / rank) * 1e12) / 1e12);
    expect(lists).toEqual([{ retrieval_id: 'r1', asset_ids: ['a1', 'a2', 'a3'], asset_scores: [s1, s2, s3] }]);
    const whatIf = { pipeline: 'rrf:60', lists: new Map(lists.map((row) => [row.retrieval_id, { assetIds: row.asset_ids, scores: row.asset_scores }])) };
    const r1 = buildTimeline(rows, 's1', whatIf).flatMap((turn) => turn.entries).find((entry) => entry.event.event_id === 'e-r1')!;
    expect(r1.stages!.lists.map((list) => [list.label, list.kind])).toEqual([
      ['bm25', 'retriever'], ['rerank', 'rerank'], ['what-if rrf:60', 'what-if'], ['returned', 'returned'],
    ]);
    expect(r1.stages!.lists[2].rows.map((row) => row.score)).toEqual([s1, s2, s3]);
    expect(r1.stages!.used.map((asset) => [asset.assetId, usedRankText(asset.places)])).toEqual([
      ['a3', '#3 in bm25 · #1 in rerank · #3 in what-if rrf:60 · #1 returned'],
      ['a1', '#1 in bm25 · #2 in rerank · #1 in what-if rrf:60 · #2 returned'],
    ]);
  });

  it("the Lineage screen's trace marks derived actions too", async () => {
    const trace = await read((facts) => loadTrace(facts, { kind: 'retrieval', id: 'r1' }));
    expect(trace.actions.map((row) => [row.event_id, row.derived])).toEqual([['use', 'context-match'], ['sel', null], ['later', 'context-match']]);
  });
});
