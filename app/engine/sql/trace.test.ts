import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTrace, traceTableRows, type TraceTableRow } from '../../model/lineage/trace';
import type { Engine } from '../engine';
import { lineageReads, type LineageReads } from '../lineage-test-reads';
import { at, createTestEngine, loadEvents, makeAction, makeRetrieval, type TestEvent } from './metrics/fixtures';
import { DAY, LINEAGE_DATASET as SMALL } from './lineage-fixture';
import { loadCrossSessionCompletions, loadTrace, loadWholeTrace, TRACE_PAGE_ROWS } from './trace';


/**
 * An asset "hot" returned by 750 retrievals (r-0 … r-749, two per session, a minute apart). The
 * first ten are downloaded in their own session; each of the last 150 (past the 600 a trace once
 * stopped at) is exported from a session of its own a day later, and every third of those is
 * placed in its own session first. So: 750 retrievals, 10 + 150 + 50 = 210 actions,
 * 160 completions of which 150 cross sessions, 375 + 150 = 525 sessions, no orphan.
 */
function popularAsset(): TestEvent[] {
  const events: TestEvent[] = [];
  for (let i = 0; i < 750; i++) {
    const session = `s-${Math.floor(i / 2)}`;
    events.push(makeRetrieval(`r-${i}`, { event_id: `e-r-${i}`, session_id: session, request_id: `q-${i}`, turn_id: `t-${i}`, ts: at(i), returned_asset_ids: [`x-${i}`, 'hot'] }));
    if (i < 10) events.push(makeAction('user', 'download', { event_id: `dl-${i}`, session_id: session, consumed_asset_id: 'hot', source_retrieval_id: `r-${i}`, ts: at(i) + 20_000 }));
    if (i >= 600 && i % 3 === 0) events.push(makeAction('agent', 'place', { event_id: `place-${i}`, session_id: session, consumed_asset_id: 'hot', source_retrieval_id: `r-${i}`, ts: at(i) + 30_000 }));
    if (i >= 600) events.push(makeAction('user', 'export', { event_id: `exp-${i}`, session_id: `later-${i}`, consumed_asset_id: 'hot', source_retrieval_id: `r-${i}`, ts: at(DAY + i) }));
  }
  return events;
}

let engine: Engine;
let read: LineageReads;
beforeAll(async () => {
  engine = await createTestEngine();
}, 60_000);
afterAll(() => engine.close());

describe('traces across sessions', () => {
  beforeAll(async () => {
    await loadEvents(engine, SMALL);
    read = lineageReads(engine);
  }, 60_000);

  it('an asset: every retrieval that returned it, every action on it, every completion it reached', async () => {
    const rows = await read((facts) => loadTrace(facts, { kind: 'asset', id: 'a2' }));
    expect(rows.retrievals.map((r) => [r.retrieval_id, r.matrix_cell])).toEqual([['r1', 'visible_failure'], ['r2', 'masked_consumed']]);
    expect(rows.actions.map((a) => a.event_id)).toEqual(['p1', 'dl', 'p2', 'exp']);
    const { totals, table, page } = buildTrace(rows);
    expect(totals).toEqual({ retrievals: 2, actions: 4, sessions: 4, completions: 2, crossSessionCompletions: 1, orphanActions: 0 });
    expect(page).toMatchObject({ index: 0, size: TRACE_PAGE_ROWS });
    expect(table.map((row) => row.nodeId)).toEqual(['retrieval:r1', 'action:p1', 'retrieval:r2', 'action:dl', 'action:p2', 'action:exp']);
    expect(table.find((row) => row.nodeId === 'action:exp')).toMatchObject({ retrievalId: 'r1', rank: 2, flags: ['inherited', 'cross-session'], completion: true });
  });

  it('counts an action whose source no loaded event defines as an orphan', async () => {
    const rows = await read((facts) => loadTrace(facts, { kind: 'asset', id: 'a1' }));
    expect(rows.totals).toMatchObject({ retrievals: 1, actions: 1, orphanActions: 1 });
    expect(traceTableRows(rows).find((row) => row.nodeId === 'action:orphan')?.flags).toEqual(['orphan source']);
  });

  it('a retrieval: the lineage of its results, wherever it went', async () => {
    const rows = await read((facts) => loadTrace(facts, { kind: 'retrieval', id: 'r1' }));
    expect(rows.actions.map((a) => a.event_id)).toEqual(['p1', 'p2', 'exp']);
    expect(rows.retrievals.map((r) => r.retrieval_id)).toEqual(['r1']);
    expect(rows.totals).toMatchObject({ retrievals: 1, actions: 3, completions: 1, crossSessionCompletions: 1 });
  });

  it('binds the id: a quote in it is data', async () => {
    const rows = await read((facts) => loadTrace(facts, { kind: 'asset', id: "a2' OR 1=1 --" }));
    expect(rows.totals).toMatchObject({ retrievals: 0, actions: 0 });
    expect(rows.page.keys).toEqual([]);
  });

  it('lists every completion whose retrieval ran in another session', async () => {
    expect(await loadCrossSessionCompletions(engine)).toEqual([{
      event_id: 'exp', session_id: 's2', ts: at(2 * DAY), action: 'export', consumed_asset_id: 'a2', title: 'Poster',
      retrieval_id: 'r1', source_session_id: 's1', query: 'query of r1', inherited: true,
    }]);
  });
});

describe('a trace past 600 retrievals', () => {
  const hot = { kind: 'asset', id: 'hot' } as const;
  beforeAll(async () => {
    await loadEvents(engine, popularAsset());
    read = lineageReads(engine);
  }, 120_000);

  it('counts over every retrieval and action: no orphan, every cross-session export', async () => {
    const { totals } = await read((facts) => loadTrace(facts, hot));
    expect(totals).toEqual({ retrievals: 750, actions: 210, sessions: 525, completions: 160, crossSessionCompletions: 150, orphanActions: 0 });
    expect(await loadCrossSessionCompletions(engine)).toHaveLength(150);
  });

  it('pages the 960 rows in time order, each once, and a page loads the sources its actions name', async () => {
    const first = await read((facts) => loadTrace(facts, hot, { page: 0 }));
    const second = await read((facts) => loadTrace(facts, hot, { page: 1 }));
    expect([first.page.keys.length, second.page.keys.length]).toEqual([500, 460]);
    const ids = [...first.page.keys, ...second.page.keys].map((key) => key.id);
    expect(new Set(ids).size).toBe(960);
    // r-0, dl-0, r-1, dl-1, … r-9, dl-9, r-10: downloads follow their retrieval by 20 s
    expect(ids.slice(0, 3)).toEqual(['r-0', 'dl-0', 'r-1']);
    expect(ids.at(-1)).toBe('exp-749');
    const table = [...traceTableRows(first), ...traceTableRows(second)];
    const flagged = (flag: string) => table.filter((row: TraceTableRow) => row.flags.includes(flag)).length;
    expect(table).toHaveLength(960);
    expect([flagged('orphan source'), flagged('cross-session')]).toEqual([0, 150]);
  });

  it('an action whose source sits on another page is no orphan: the page loads the sources its actions name', async () => {
    // pages of 100: the last (rows 900–959) holds only exp-690 … exp-749; their retrievals are rows 690–749 and up
    const last = await read((facts) => loadTrace(facts, hot, { page: 9, size: 100 }));
    expect(last.page.keys.map((key) => key.id)).toEqual(Array.from({ length: 60 }, (_, i) => `exp-${690 + i}`));
    expect(last.retrievals.map((row) => row.retrieval_id)).toEqual(Array.from({ length: 60 }, (_, i) => `r-${690 + i}`));
    const table = traceTableRows(last);
    expect(table.filter((row) => row.flags.includes('orphan source'))).toEqual([]);
    expect(table.filter((row) => row.flags.includes('cross-session') && row.rank === 2)).toHaveLength(60);
  });

  it('a page past the last reads as the last; a node asked for opens the page that holds it', async () => {
    expect((await read((facts) => loadTrace(facts, hot, { page: 9 }))).page.index).toBe(1);
    // before exp-700: 750 retrievals, 10 downloads, 50 places and exp-600 … exp-699: row 910
    expect((await read((facts) => loadTrace(facts, hot, { node: 'action:exp-700' }))).page.index).toBe(1);
    // before r-700: 700 retrievals, 10 downloads and the 34 places of r-600 … r-699: row 744
    expect((await read((facts) => loadTrace(facts, hot, { node: 'asset:r-700/hot' }))).page.index).toBe(1);
    expect((await read((facts) => loadTrace(facts, hot, { node: 'retrieval:r-100' }))).page.index).toBe(0);
    expect((await read((facts) => loadTrace(facts, hot, { node: 'action:nowhere' }))).page.index).toBe(0);
  });

  it('the whole trace at once, for a download', async () => {
    const whole = await read((facts) => loadWholeTrace(facts, hot));
    expect(whole.page.keys).toHaveLength(960);
    expect(traceTableRows(whole).filter((row) => row.completion)).toHaveLength(160);
  });
});
