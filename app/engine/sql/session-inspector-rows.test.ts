import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../model/lineage/timeline';
import { lineageReads } from '../lineage-test-reads';
import { ITEM_LABEL_ROW, itemLabelsQuery } from './annotation/item-labels';
import { NOT_RETURNED_ROW, notReturnedLabeledQuery } from './annotation/session-labels';
import { LINEAGE_DATASET, user } from './lineage-fixture';
import { at, makeRelevance, makeRetrieval, type TestEvent } from './metrics/fixtures';
import { loadedTestEngine } from './metrics/loaded-test-engine';
import { run } from './core/run';
import { sql } from './core/sql-query';
import { parseStoredStages } from '../../schema/stages';
import {
  ASSET_INFO_ROW, ASSET_OR_GRADE_ROW, assetInfoQuery, assetsAndGradesQuery, idSet, LINEAGE_RETRIEVAL_ROW, lineageRetrievalsQuery, loadSessionInspector,
  RELEVANCE_ROW, relevanceQuery,
} from './session-inspector';

/**
 * The session inspector's answers on every session of a fixture: its retrievals, assets and
 * grades against the general builders, its labels against golden rows
 * (fixtures/session-inspector-labels.json, produced once by the current queries and checked by
 * hand on s5: the labels in the comments below). A change meant to change those rows regenerates
 * them, and its diff is then read row by row:
 *   UPDATE_GOLDEN=1 npx vitest run app/engine/sql/session-inspector-rows.test.ts
 * Beside the lineage fixture: s5 with two retrievals at the same time, labeled by id and by query,
 * labels without `ts` and labels with the same `ts`, so both orders have ties to break by `seq`.
 */
const label = (id: string, fields: TestEvent): TestEvent => ({ type: 'label', event_id: id, annotator: 'li', ...fields });
const DATASET: TestEvent[] = [
  ...LINEAGE_DATASET,
  makeRetrieval('r5', { event_id: 'e-r5', session_id: 's5', query: 'flyer', returned_asset_ids: ['a1', 'a5'], ts: at(20) }),
  { type: 'prompt', event_id: 'p5', session_id: 's5', turn_id: 't5', text: 'a flyer', ts: at(19) },
  { type: 'response', event_id: 'resp5', session_id: 's5', turn_id: 't5', text: 'here', ts: at(21) },
  makeRetrieval('r6', { event_id: 'e-r6', session_id: 's5', query: 'poster', returned_asset_ids: ['a2'], ts: at(20) }),
  user('use5', 'place', { session_id: 's5', consumed_asset_id: 'a2', source_retrieval_id: 'r2', ts: at(22) }),
  label('l1', { kind: 'relevance', retrieval_id: 'r5', asset_id: 'a5', grade: 1, ts: at(30) }),
  label('l2', { kind: 'relevance', query: 'flyer', asset_id: 'a9', grade: 2, ts: null }),
  label('l3', { kind: 'relevance', retrieval_id: 'r5', asset_id: 'a1', grade: 0, ts: at(30) }),
  label('l4', { kind: 'intent', turn_id: 't5', retrieval_intent: true, intents: ['find'], ts: null }),
  label('l5', { kind: 'answer_review', target_event_id: 'resp5', verdict: 'correct', ts: at(25) }),
  label('l6', { kind: 'role', retrieval_id: 'r6', role: 'find', ts: at(30) }),
  makeRelevance('r6', 'a7', 2, { event_id: 'l7', ts: at(1) }),
];

/** The label targets the sessions screen takes from a page's events (features/sessions/label-targets.ts). */
function labelTargets(events: readonly SessionEvent[]) {
  const retrievals = events.filter((event) => event.type === 'retrieval');
  const seqs = retrievals.map((event) => event.seq);
  return {
    retrievalIds: retrievals.map((event) => event.retrieval_id!),
    turnIds: [...new Set(events.flatMap((event) => (event.type === 'prompt' && event.turn_id ? [event.turn_id] : [])))],
    responseIds: events.flatMap((event) => (event.type === 'response' && event.event_id ? [event.event_id] : [])),
    retrievalSeqRange: seqs.length > 0 ? { from: Math.min(...seqs), to: Math.max(...seqs) } : null,
  };
}

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'session-inspector-labels.json');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
/** Per session, the rows of the item labels and of the labeled, not returned queries; `outside`: item labels for a seq range with none of s5's retrievals. */
type Golden = Record<string, { item_labels: unknown[]; not_returned: unknown[] }> & { outside?: unknown[] };
const golden: Golden = UPDATE ? {} : JSON.parse(readFileSync(GOLDEN, 'utf8'));
const asJson = (rows: unknown[]) => JSON.parse(JSON.stringify(rows)) as unknown[];
/** The golden rows at `place` (recorded instead when UPDATE_GOLDEN=1). */
function expectGolden(rows: unknown[], sessionId: string, kind: 'item_labels' | 'not_returned' | 'outside') {
  if (kind === 'outside') {
    if (UPDATE) golden.outside = asJson(rows);
    expect(asJson(rows), 'outside').toEqual(golden.outside);
    return;
  }
  if (UPDATE) (golden[sessionId] ??= { item_labels: [], not_returned: [] })[kind] = asJson(rows);
  expect(asJson(rows), `${sessionId} ${kind}`).toEqual(golden[sessionId]?.[kind]);
}

const engine = loadedTestEngine(DATASET);
const read = lineageReads(engine);
let sessions: string[] = [];
beforeAll(async () => {
  sessions = (await run(engine, 'SELECT DISTINCT session_id FROM events WHERE session_id IS NOT NULL ORDER BY 1', { session_id: 'string' }))
    .map((row) => row.session_id);
}, 60_000);
afterAll(() => {
  if (UPDATE) writeFileSync(GOLDEN, `${JSON.stringify(golden, null, 1)}\n`);
});

describe('the session inspector\'s rows', () => {
  it('retrievals: the page\'s own from its events with their facts, other sessions\' sources by id', async () => {
    expect(sessions).toEqual(['s1', 's2', 's3', 's4', 's5']);
    for (const sessionId of sessions) {
      const rows = await read((facts) => loadSessionInspector(facts, sessionId));
      const own = new Set(rows.events.flatMap((event) => (event.type === 'retrieval' ? [event.retrieval_id!] : [])));
      const others = [...new Set(rows.actions.flatMap((row) => row.effective_source_retrieval_id ?? []))].filter((id) => !own.has(id));
      const reference = await read((facts) => run(facts, lineageRetrievalsQuery([
        sql`r.session_id = ${sessionId}`, ...(others.length > 0 ? [sql`r.retrieval_id IN ${idSet(others)}`] : []),
      ]), LINEAGE_RETRIEVAL_ROW));
      expect(rows.retrievals, sessionId).toEqual(reference);
    }
    // s5 reads its own two (at the same time: in file order) and r2 of s3, which its place names
    expect((await read((facts) => loadSessionInspector(facts, 's5'))).retrievals.map((row) => [row.retrieval_id, row.judged])).toEqual([
      ['r2', true], ['r5', true], ['r6', true],
    ]);
  });

  it('titles and grades in one statement: the rows of the two queries', async () => {
    const assetIds = ['a1', 'a2', 'a5', 'a9'];
    const retrievalIds = ['r1', 'r2', 'r5', 'r6'];
    const rows = await run(engine, assetsAndGradesQuery(assetIds, retrievalIds), ASSET_OR_GRADE_ROW);
    const assets = await run(engine, assetInfoQuery(assetIds), ASSET_INFO_ROW);
    const relevance = await run(engine, relevanceQuery(retrievalIds), RELEVANCE_ROW);
    expect(assets).toHaveLength(1);
    expect(relevance.length).toBeGreaterThan(4);
    expect(rows.filter((row) => row.is_asset)).toHaveLength(assets.length);
    expect(rows.filter((row) => !row.is_asset)).toHaveLength(relevance.length);
    for (const sessionId of sessions) {
      const inspector = await read((facts) => loadSessionInspector(facts, sessionId));
      const assetsOf = new Set([
        ...inspector.retrievals.flatMap((row) => row.returned_asset_ids ?? []), ...inspector.actions.flatMap((row) => row.consumed_asset_id ?? []),
        ...inspector.events.flatMap((event) => parseStoredStages(event.stages).flatMap((stage) => stage.asset_ids)),
      ]);
      expect(inspector.assets, sessionId).toEqual(await run(engine, assetInfoQuery(assetsOf), ASSET_INFO_ROW));
      expect(inspector.relevance, sessionId).toEqual(await run(engine, relevanceQuery(inspector.retrievals.map((row) => row.retrieval_id)), RELEVANCE_ROW));
    }
  });

  it('label order: each label\'s place among all labels (ts, labels without ts first, then seq)', async () => {
    const order = new Map((await run(engine,
      'SELECT event_id, row_number() OVER (ORDER BY ts NULLS FIRST, seq)::INTEGER AS label_order FROM labels',
      { event_id: 'string', label_order: 'number' },
    )).map((row) => [row.event_id, row.label_order]));
    const targets = labelTargets((await read((facts) => loadSessionInspector(facts, 's5'))).events);
    const rows = await run(engine, itemLabelsQuery(targets), ITEM_LABEL_ROW);
    // without ts, first in file order: the fixture's three grades, l2, l4; then l7 at minute 1, l5 at 25, and l1, l3, l6 at 30
    expect(rows.map((row) => [row.event_id, row.label_order])).toEqual([
      ['l2', 4], ['l4', 5], ['l7', 6], ['l5', 7], ['l1', 8], ['l3', 9], ['l6', 10],
    ]);
    for (const row of rows) expect(row.label_order, row.event_id).toBe(order.get(row.event_id));
  });

  it('labeled, not returned: the same rows read within the retrievals\' seq range', async () => {
    for (const sessionId of sessions) {
      const targets = labelTargets((await read((facts) => loadSessionInspector(facts, sessionId))).events);
      expect(await run(engine, notReturnedLabeledQuery(targets.retrievalIds, targets.retrievalSeqRange), NOT_RETURNED_ROW), sessionId)
        .toEqual(await run(engine, notReturnedLabeledQuery(targets.retrievalIds), NOT_RETURNED_ROW));
    }
    const targets = labelTargets((await read((facts) => loadSessionInspector(facts, 's5'))).events);
    expect((await run(engine, notReturnedLabeledQuery(targets.retrievalIds, targets.retrievalSeqRange), NOT_RETURNED_ROW)).map((row) => row.asset_id))
      .toEqual(['a9', 'a7']);
  });

  it('item labels: read from the labels\' own table with the seq range bound, the golden rows', async () => {
    const texts = new Set<string>();
    let labeled = 0;
    for (const sessionId of sessions) {
      const targets = labelTargets((await read((facts) => loadSessionInspector(facts, sessionId))).events);
      const query = itemLabelsQuery(targets);
      if (targets.retrievalSeqRange) texts.add(query.sql);
      const rows = await run(engine, query, ITEM_LABEL_ROW);
      labeled += rows.length;
      expectGolden(rows, sessionId, 'item_labels');
      // without the range (the annotation screens' calls): the same rows
      expect(await run(engine, itemLabelsQuery({ ...targets, retrievalSeqRange: null }), ITEM_LABEL_ROW), sessionId).toEqual(rows);
    }
    expect(labeled).toBeGreaterThan(7);
    // one text for every session with retrievals (each has its own seq range): planned once, kept by text
    expect(texts.size).toBe(1);
    // a query label shows on the retrieval of that query: l2 (query "flyer") on r5, not on r6 ("poster")
    const s5 = await run(engine, itemLabelsQuery(labelTargets((await read((facts) => loadSessionInspector(facts, 's5'))).events)), ITEM_LABEL_ROW);
    expect(s5.filter((row) => row.event_id === 'l2').map((row) => row.retrieval_id)).toEqual(['r5']);
    // a range that holds none of the retrievals finds no query label (the range is applied, not ignored)
    const outside = { ...labelTargets((await read((facts) => loadSessionInspector(facts, 's5'))).events), retrievalSeqRange: { from: 0, to: 1 } };
    expect((await run(engine, itemLabelsQuery(outside), ITEM_LABEL_ROW)).map((row) => row.event_id)).not.toContain('l2');
    expectGolden(await run(engine, itemLabelsQuery(outside), ITEM_LABEL_ROW), 's5', 'outside');
  });

  it('labeled, not returned: with the seq range bound, the golden rows, in one text', async () => {
    const texts = new Set<string>();
    const ranges = new Set<string>();
    for (const sessionId of sessions) {
      const targets = labelTargets((await read((facts) => loadSessionInspector(facts, sessionId))).events);
      const query = notReturnedLabeledQuery(targets.retrievalIds, targets.retrievalSeqRange);
      if (targets.retrievalSeqRange) {
        texts.add(query.sql);
        ranges.add(JSON.stringify(targets.retrievalSeqRange));
      }
      expectGolden(await run(engine, query, NOT_RETURNED_ROW), sessionId, 'not_returned');
    }
    expect(ranges.size).toBeGreaterThan(2);
    expect(texts.size).toBe(1);
  });
});
