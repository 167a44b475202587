import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTrace } from '../../model/lineage/trace';
import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import type { Engine } from '../engine';
import { at, createTestEngine, loadEvents, makeAction, makeRelevance, makeRetrieval, type TestEvent } from './metrics/fixtures';
import { idSet, loadSessionInspector, prepareLineage } from './session-inspector';
import { loadCrossSessionCompletions, loadTrace } from './trace';

const DAY = 24 * 60;
const user = (id: string, action: string, fields: TestEvent) => makeAction('user', action, { event_id: id, user_id: 'u1', ...fields });

/**
 * s1 retrieves r1 and places a2; the place carries the lineage to s4 (a place without a source)
 * and on to an export in s2 two days later. s1 also has an orphan select and an agent bypass.
 * s3 is someone else who found a2 through r2 and downloaded it.
 */
const DATASET: TestEvent[] = [
  makeRetrieval('r1', { event_id: 'e-r1', session_id: 's1', user_id: 'u1', returned_asset_ids: ['a1', 'a2', 'a3'], scores: [0.9, 0.8, 0.7] }),
  makeRelevance('r1', 'a3', 3),
  makeAction('agent', 'use', { event_id: 'bypass', session_id: 's1', request_id: 'q1', consumed_asset_id: 'a9' }),
  user('p1', 'place', { session_id: 's1', consumed_asset_id: 'a2', source_retrieval_id: 'r1', ts: at(2) }),
  user('orphan', 'select', { session_id: 's1', consumed_asset_id: 'a1', source_retrieval_id: 'r-missing', ts: at(3) }),
  user('p2', 'place', { session_id: 's4', consumed_asset_id: 'a2', ts: at(DAY) }),
  user('exp', 'export', { session_id: 's2', consumed_asset_id: 'a2', ts: at(2 * DAY) }),
  makeRetrieval('r2', { event_id: 'e-r2', session_id: 's3', user_id: 'u2', request_id: 'q3', returned_asset_ids: ['a2', 'a5'], ts: at(10) }),
  makeRelevance('r2', 'a2', 0), makeRelevance('r2', 'a5', 2),
  makeAction('user', 'download', { event_id: 'dl', session_id: 's3', user_id: 'u2', consumed_asset_id: 'a2', source_retrieval_id: 'r2', ts: at(11) }),
  { type: 'asset', asset_id: 'a2', title: 'Poster', kind: 'template' },
];

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadEvents(engine, DATASET);
  await prepareLineage(engine, DEFAULT_METRIC_SETTINGS);
}, 60_000);
afterAll(() => engine.close());

describe('loadSessionInspector', () => {
  it('the session with its lineage: own actions, later actions from its retrievals, facts, titles, grades, warnings', async () => {
    const rows = await loadSessionInspector(engine, 's1');
    expect(rows.events.map((e) => e.event_id)).toEqual(['e-r1', 'bypass', 'p1', 'orphan']);
    expect(rows.actions.map((a) => [a.event_id, a.effective_source_retrieval_id, a.inherited])).toEqual([
      ['bypass', null, false], ['p1', 'r1', false], ['orphan', 'r-missing', false], ['p2', 'r1', true], ['exp', 'r1', true],
    ]);
    expect(rows.retrievals).toHaveLength(1);
    expect(rows.retrievals[0]).toMatchObject({
      retrieval_id: 'r1', returned_asset_ids: ['a1', 'a2', 'a3'], scores: [0.9, 0.8, 0.7], judged: true, p_at_1: 0, tier1_bad: true,
      orf_signals: 'agent_bypass', matrix_cell: 'visible_failure',
    });
    expect(rows.assets).toEqual([{ asset_id: 'a2', title: 'Poster', kind: 'template' }]);
    expect(rows.relevance).toEqual([{ retrieval_id: 'r1', asset_id: 'a3', grade: 3 }]);
    // the catalog is loaded, so consumed assets it does not list are warned about too
    expect(rows.warnings.map((w) => [w.field, w.message])).toEqual([
      ['consumed_asset_id', '"consumed_asset_id" names asset "a9", which no loaded event defines'],
      ['source_retrieval_id', '"source_retrieval_id" names retrieval "r-missing", which no loaded event defines'],
      ['consumed_asset_id', '"consumed_asset_id" names asset "a1", which no loaded event defines'],
    ]);
  });

  it('a later session gets the retrieval it inherited from and every place of the chain', async () => {
    const rows = await loadSessionInspector(engine, 's2');
    expect(rows.actions.map((a) => [a.event_id, a.session_id, a.inherited_from_event_id])).toEqual([
      ['p1', 's1', null], ['p2', 's4', 'p1'], ['exp', 's2', 'p2'],
    ]);
    expect(rows.retrievals.map((r) => [r.retrieval_id, r.session_id])).toEqual([['r1', 's1']]);
  });

  it('binds ids: a quote in an id is data, and an empty id set matches nothing', async () => {
    expect((await loadSessionInspector(engine, "s1' OR 1=1 --")).events).toEqual([]);
    const empty = idSet([]);
    expect(await engine.query(`SELECT count(*)::INTEGER AS n FROM events WHERE event_id IN ${empty.sql}`, empty.params)).toEqual([{ n: 0 }]);
  });
});

describe('traces across sessions', () => {
  it('an asset: every retrieval that returned it, every action on it, every completion it reached', async () => {
    const rows = await loadTrace(engine, { kind: 'asset', id: 'a2' });
    expect(rows.retrievals.map((r) => [r.retrieval_id, r.matrix_cell])).toEqual([['r1', 'visible_failure'], ['r2', 'masked_consumed']]);
    expect(rows.actions.map((a) => a.event_id)).toEqual(['p1', 'dl', 'p2', 'exp']);
    const { summary, table } = buildTrace(rows);
    expect(summary).toEqual({ retrievals: 2, retrievalsShown: 2, sessions: 4, actions: 4, completions: 2, crossSessionCompletions: 1 });
    expect(table.find((row) => row.nodeId === 'action:exp')).toMatchObject({ retrievalId: 'r1', rank: 2, flags: ['inherited', 'cross-session'], completion: true });
  });

  it('a retrieval: the lineage of its results, wherever it went', async () => {
    const rows = await loadTrace(engine, { kind: 'retrieval', id: 'r1' });
    expect(rows.actions.map((a) => a.event_id)).toEqual(['p1', 'p2', 'exp']);
    expect(rows.retrievals.map((r) => r.retrieval_id)).toEqual(['r1']);
  });

  it('lists completions whose retrieval ran in another session', async () => {
    expect(await loadCrossSessionCompletions(engine)).toEqual([{
      event_id: 'exp', session_id: 's2', ts: at(2 * DAY), action: 'export', consumed_asset_id: 'a2', title: 'Poster',
      retrieval_id: 'r1', source_session_id: 's1', query: 'query of r1', inherited: true, total: 1,
    }]);
  });
});
