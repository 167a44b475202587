import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { lineageReads, type LineageReads } from '../lineage-test-reads';
import { LINEAGE_DATASET as DATASET } from './lineage-fixture';
import { createTestEngine, loadEvents } from './metrics/fixtures';
import { sql } from './core/sql-query';
import { run } from './core/run';
import { idSet, LINEAGE_ACTION_ROW, loadSessionInspector, loadSessionLineage, sessionLineageQuery } from './session-inspector';
import { SESSION_EVENTS_SQL } from './sessions';


let engine: Engine;
let read: LineageReads;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadEvents(engine, DATASET);
  read = lineageReads(engine);
}, 60_000);
afterAll(() => engine.close());

describe('loadSessionInspector', () => {
  it('the session with its lineage: own actions, later actions from its retrievals, facts, titles, grades, warnings', async () => {
    const rows = await read((facts) => loadSessionInspector(facts, 's1'));
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
    const rows = await read((facts) => loadSessionInspector(facts, 's2'));
    expect(rows.actions.map((a) => [a.event_id, a.session_id, a.inherited_from_event_id])).toEqual([
      ['p1', 's1', null], ['p2', 's4', 'p1'], ['exp', 's2', 'p2'],
    ]);
    expect(rows.retrievals.map((r) => [r.retrieval_id, r.session_id])).toEqual([['r1', 's1']]);
  });

  it("reads each session's events from its types' views: the same rows, columns and order as the events view", async () => {
    const sessions = await run(engine, 'SELECT DISTINCT session_id FROM events WHERE session_id IS NOT NULL ORDER BY 1', { session_id: 'string' });
    expect(sessions.length).toBeGreaterThan(2);
    for (const { session_id: sessionId } of sessions) {
      const all = await engine.query(SESSION_EVENTS_SQL, [sessionId]);
      expect(all.length).toBeGreaterThan(0);
      expect((await read((facts) => loadSessionInspector(facts, sessionId))).events).toEqual(all);
    }
  });

  it('the lineage read from its seed (following the chain only when it leaves the seed) is the chain query\'s, for every session', async () => {
    const sessions = await run(engine, 'SELECT DISTINCT session_id FROM events WHERE session_id IS NOT NULL ORDER BY 1', { session_id: 'string' });
    for (const { session_id: sessionId } of sessions) {
      const retrievals = (await run(engine, sql`SELECT retrieval_id FROM retrievals WHERE session_id = ${sessionId}`, { retrieval_id: 'string' })).map((row) => row.retrieval_id);
      const own = sql`session_id = ${sessionId}`;
      expect(await loadSessionLineage(engine, own, retrievals)).toEqual(await run(engine, sessionLineageQuery(own, retrievals), LINEAGE_ACTION_ROW));
    }
  });

  it('binds ids: a quote in an id is data, and an empty id set matches nothing', async () => {
    expect((await read((facts) => loadSessionInspector(facts, "s1' OR 1=1 --"))).events).toEqual([]);
    const empty = idSet([]);
    expect(await engine.query(`SELECT count(*)::INTEGER AS n FROM events WHERE event_id IN ${empty.sql}`, empty.params)).toEqual([{ n: 0 }]);
  });
});
