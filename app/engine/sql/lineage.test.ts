import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './core/run';
import { sql } from './core/sql-query';
import type { Engine } from '../engine';
import { at, createTestEngine, loadEvents, makeAction, makeRetrieval, type TestEvent } from './metrics/fixtures';

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
});
afterAll(() => engine.close());

const place = (id: string, fields: TestEvent) => makeAction('user', 'place', { event_id: id, consumed_asset_id: 'a1', user_id: 'u1', ...fields });
const exportOf = (fields: TestEvent = {}) => makeAction('user', 'export', { event_id: 'exp', consumed_asset_id: 'a1', user_id: 'u1', session_id: 's2', ts: at(60), ...fields });

async function lineageOf(eventId: string) {
  const rows = await run(engine, sql`SELECT effective_source_retrieval_id, inherited, inherited_from_event_id FROM action_lineage WHERE event_id = ${eventId}`,
    { effective_source_retrieval_id: 'string|null', inherited: 'boolean', inherited_from_event_id: 'string|null' });
  return rows[0];
}

const retrievals = [makeRetrieval('r1'), makeRetrieval('r2')];

describe('action_lineage', () => {
  it.each<[string, TestEvent[], { source: string | null; from: string | null }]>([
    ['a given source is kept, not inherited', [place('p1', { source_retrieval_id: 'r1' }), exportOf({ source_retrieval_id: 'r2' })], { source: 'r2', from: null }],
    ['an export in a later session inherits from the same user\'s earlier place', [place('p1', { source_retrieval_id: 'r1' }), exportOf()], { source: 'r1', from: 'p1' }],
    ['another user\'s place is not inherited', [place('p1', { source_retrieval_id: 'r1', user_id: 'u2' }), exportOf()], { source: null, from: null }],
    ['a place of another asset is not inherited', [place('p1', { source_retrieval_id: 'r1', consumed_asset_id: 'a2' }), exportOf()], { source: null, from: null }],
    ['a later place is not inherited', [place('p1', { source_retrieval_id: 'r1', ts: at(90) }), exportOf()], { source: null, from: null }],
    ['the most recent earlier place wins', [place('p1', { source_retrieval_id: 'r1', ts: at(1) }), place('p2', { source_retrieval_id: 'r2', ts: at(2) }), exportOf()], { source: 'r2', from: 'p2' }],
    ['equal ts: file order decides what is earlier', [place('p1', { source_retrieval_id: 'r1', ts: at(60) }), exportOf()], { source: 'r1', from: 'p1' }],
    ['equal ts, the place later in the file: not earlier', [exportOf({ ts: at(60) }), place('p1', { source_retrieval_id: 'r1', ts: at(60) })], { source: null, from: null }],
    ['inheritance chains through a place without a source', [place('p1', { source_retrieval_id: 'r1', ts: at(1) }), place('p2', { ts: at(2), session_id: 's3' }), exportOf()], { source: 'r1', from: 'p2' }],
    ['without user_id: a place in the same session is inherited', [place('p1', { source_retrieval_id: 'r1', user_id: undefined, session_id: 's2' }), exportOf({ user_id: undefined })], { source: 'r1', from: 'p1' }],
    ['without user_id: a place in another session is not', [place('p1', { source_retrieval_id: 'r1', user_id: undefined, session_id: 's1' }), exportOf({ user_id: undefined })], { source: null, from: null }],
  ])('%s', async (_, actions, expected) => {
    await loadEvents(engine, [...retrievals, ...actions]);
    const row = await lineageOf('exp');
    expect({ source: row.effective_source_retrieval_id, from: row.inherited_from_event_id }).toEqual(expected);
    expect(row.inherited).toBe(expected.from !== null);
  });

  it('keeps every action, with or without an asset', async () => {
    await loadEvents(engine, [...retrievals, makeAction('user', 'complain', { event_id: 'c1', source_retrieval_id: 'r1' }), makeAction('agent', 'use', { event_id: 'u1' })]);
    expect(await engine.query('SELECT event_id, effective_source_retrieval_id AS source FROM action_lineage ORDER BY seq')).toEqual([
      { event_id: 'c1', source: 'r1' },
      { event_id: 'u1', source: null },
    ]);
  });
});
