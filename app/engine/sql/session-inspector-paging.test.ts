import { beforeAll, describe, expect, it } from 'vitest';
import { lineageReads } from '../lineage-test-reads';
import { at, loadEvents, type TestEvent } from './metrics/fixtures';
import { loadedTestEngine } from './metrics/loaded-test-engine';
import { loadSessionInspector } from './session-inspector';
import { SESSION_PAGE_EVENTS } from '../../model/session/session-page';

/**
 * One session of 200,000 events: prompt i and retrieval r<i> (half a second later) for i < 100,000,
 * 25 of each per turn, so 4,000 turns of 50 events; a page of 500 events is 10 whole turns. An
 * export in another session names r0, and a short session stays whole.
 */
function bigSession(): TestEvent[] {
  const events: TestEvent[] = [];
  for (let i = 0; i < 100_000; i++) {
    const turn = `t${Math.floor(i / 25)}`;
    events.push({ type: 'prompt', ts: at(0) + i * 1000, session_id: 'big', turn_id: turn, text: `prompt ${i}` });
    events.push({ type: 'retrieval', ts: at(0) + i * 1000 + 500, session_id: 'big', turn_id: turn, retrieval_id: `r${i}`, query: `query ${i}`, returned_asset_ids: ['a1'] });
  }
  events.push({ type: 'action', ts: at(0) + 1e9, session_id: 'later', actor: 'user', action: 'export', consumed_asset_id: 'a1', source_retrieval_id: 'r0' });
  events.push({ type: 'prompt', ts: at(0), session_id: 'small', turn_id: 'only', text: 'hello' });
  // turn A at minutes 1, 5 and 6, turn B at minute 2: the timeline shows A1 A5 A6 B2
  for (const [turn, minute] of [['A', 1], ['A', 5], ['A', 6], ['B', 2]] as const) {
    events.push({ type: 'prompt', ts: at(minute), session_id: 'mixed', turn_id: turn, text: `${turn}${minute}` });
  }
  return events;
}

const engine = loadedTestEngine();
const read = lineageReads(engine);
beforeAll(async () => {
  await loadEvents(engine, bigSession());
  await read(async () => undefined); // the lineage facts, built once as the first session opened builds them
}, 120_000);

describe('a session of 200,000 events opens a page at a time', () => {
  it('the first page: turns 1–10 of 4,000, events 1–500 of 200,000, with the lineage its retrievals reach', async () => {
    const rows = await read((facts) => loadSessionInspector(facts, 'big'));
    expect(SESSION_PAGE_EVENTS).toBe(500);
    expect(rows.page).toMatchObject({ index: 0, size: 500, events: 200_000, turns: 4_000, firstTurn: 1, lastTurn: 10 });
    expect(rows.page.turnIds).toEqual(Array.from({ length: 10 }, (_, i) => `t${i}`));
    expect(rows.events).toHaveLength(500);
    expect(rows.events.slice(0, 3).map((event) => event.text ?? event.retrieval_id)).toEqual(['prompt 0', 'r0', 'prompt 1']);
    expect(rows.events.at(-1)?.retrieval_id).toBe('r249');
    expect(new Set(rows.events.map((event) => event.turn_id)).size).toBe(10);
    expect(rows.retrievals).toHaveLength(250);
    expect(rows.actions.map((action) => [action.session_id, action.effective_source_retrieval_id])).toEqual([['later', 'r0']]);
  }, 60_000);

  it('a later page and a page past the end (read as the last)', async () => {
    const eighth = await read((facts) => loadSessionInspector(facts, 'big', { page: 7 }));
    expect(eighth.page).toMatchObject({ index: 7, firstTurn: 71, lastTurn: 80 });
    expect(eighth.events[0].text).toBe('prompt 1750');
    expect(eighth.actions).toEqual([]);
    const last = await read((facts) => loadSessionInspector(facts, 'big', { page: 1_000 }));
    expect(last.page).toMatchObject({ index: 399, firstTurn: 3_991, lastTurn: 4_000 });
    expect(last.events.at(-1)?.retrieval_id).toBe('r99999');
    expect(last.retrievals.map((row) => row.retrieval_id)).toContain('r99999');
  }, 60_000);

  it('with no page, the page holding the linked graph node (a retrieval or an action), else the first', async () => {
    expect((await read((facts) => loadSessionInspector(facts, 'big', { node: 'retrieval:r1750' }))).page.index).toBe(7);
    expect((await read((facts) => loadSessionInspector(facts, 'big', { node: 'retrieval:r99999' }))).page.index).toBe(399);
    expect((await read((facts) => loadSessionInspector(facts, 'big', { node: 'retrieval:no-such' }))).page.index).toBe(0);
    expect((await read((facts) => loadSessionInspector(facts, 'big', { page: 2, node: 'retrieval:r1750' }))).page.index).toBe(2);
  }, 60_000);

  it('pages follow the timeline: turns in the order they start, a turn split across pages', async () => {
    const first = await read((facts) => loadSessionInspector(facts, 'mixed', { page: 0 }, 2));
    expect(first.page).toEqual({ index: 0, size: 2, events: 4, turns: 2, firstTurn: 1, lastTurn: 1, turnIds: ['A'] });
    expect(first.events.map((event) => event.text)).toEqual(['A1', 'A5']);
    const second = await read((facts) => loadSessionInspector(facts, 'mixed', { page: 1 }, 2));
    expect(second.page).toMatchObject({ firstTurn: 1, lastTurn: 2, turnIds: ['A', 'B'] });
    expect(second.events.map((event) => event.text)).toEqual(['B2', 'A6']);
  });

  it('a short session is one page, whole', async () => {
    const rows = await read((facts) => loadSessionInspector(facts, 'small'));
    expect(rows.page).toEqual({ index: 0, size: 500, events: 1, turns: 1, firstTurn: 1, lastTurn: 1, turnIds: ['only'] });
    expect(rows.events.map((event) => event.text)).toEqual(['hello']);
  });
});
