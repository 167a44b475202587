import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initDataset } from '../dataset';
import type { Engine } from '../engine';
import { createNodeEngine } from '../node-engine';
import { loadFiles } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { textInputFile } from '../../ingest/text-input';
import { DATASET_COUNTS_ROW, DATASET_SUMMARY_SQL } from './dataset-summary';
import { COUNTS_BY_TYPE_SQL, FILE_ROW, FILES_SQL, TYPE_COUNT_ROW } from './overview';
import { REJECTED_FACET_ROW, REJECTED_FACETS_SQL, REJECTED_LIST_ROW, rejectedListQuery } from './rejected';
import { SESSION_EVENT_ROW, SESSION_EVENTS_SQL, SESSION_SUMMARY_ROW, SESSION_SUMMARY_ROW_SQL, SURFACE_ROW, SURFACES_SQL } from './sessions';
import { run } from './core/run';

const line = (event: Record<string, unknown>) => JSON.stringify(event);
const LOG = [
  line({ type: 'prompt', ts: '2026-10-01T10:00:00Z', session_id: 's-a', user_id: 'u1', surface: 'chat', turn_id: 't1', text: 'hi' }),
  line({ type: 'retrieval', ts: '2026-10-01T10:00:01Z', session_id: 's-a', turn_id: 't1', retrieval_id: 'r1', returned_asset_ids: ['x'] }),
  line({ type: 'gate', ts: '2026-10-01T10:00:02Z', session_id: 's-a', decision: 'answer', reason: 'high score' }),
  line({ type: 'action', ts: '2026-10-01T10:05:00Z', session_id: 's-a', actor: 'user', action: 'export', consumed_asset_id: 'x', source_retrieval_id: 'r9' }),
  line({ type: 'prompt', ts: '2026-10-02T09:00:00Z', session_id: 's-b', user_id: 'u2', surface: 'library', text: 'cards' }),
  '{"type":"prompt"',
  line({ type: 'retrieval', ts: 'soon', session_id: 's-b', retrieval_id: 'r2' }),
].join('\n');

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
  await initDataset(engine);
  await loadFiles(engine, [textInputFile('log.jsonl', LOG, 64)], new LoadState());
});
afterAll(() => engine.close());

describe('the queries behind the screens, on the real engine', () => {
  it('dataset summary and overview', async () => {
    expect(await run(engine, DATASET_SUMMARY_SQL, DATASET_COUNTS_ROW)).toEqual([{ events: 5, given_here: 0, files: 1, rejected: 2, warnings: 1, sessions: 2 }]);
    expect(await run(engine, FILES_SQL, FILE_ROW)).toMatchObject([{ name: 'log.jsonl', events: 5, rejected: 2, warnings: 1, error: null }]);
    expect(await run(engine, COUNTS_BY_TYPE_SQL, TYPE_COUNT_ROW)).toEqual([
      { type: 'prompt', events: 2 }, { type: 'action', events: 1 }, { type: 'gate', events: 1 }, { type: 'retrieval', events: 1 },
    ]);
  });

  it('session surfaces', async () => {
    expect(await run(engine, SURFACES_SQL, SURFACE_ROW)).toEqual([{ surface: 'chat' }, { surface: 'library' }]);
  });

  it("a session's summary row", async () => {
    // s-a: prompt 10:00:00, retrieval, gate, action 10:05:00
    expect(await run(engine, { sql: SESSION_SUMMARY_ROW_SQL, params: ['s-a'] }, SESSION_SUMMARY_ROW)).toMatchObject([{
      session_id: 's-a', user_id: 'u1', surface: 'chat', start_ts: Date.UTC(2026, 9, 1, 10), duration_ms: 5 * 60_000, events: 4, prompts: 1, retrievals: 1, actions: 1,
    }]);
  });

  it('session events in time order with their file name', async () => {
    const rows = await run(engine, { sql: SESSION_EVENTS_SQL, params: ['s-a'] }, SESSION_EVENT_ROW);
    expect(rows.map((r) => [r.type, r.file, r.line])).toEqual([['prompt', 'log.jsonl', 1], ['retrieval', 'log.jsonl', 2], ['gate', 'log.jsonl', 3], ['action', 'log.jsonl', 4]]);
  });

  it('rejected rows and warnings, filtered by kind, reason and file, with the warned event', async () => {
    const listed = (filter: Parameters<typeof rejectedListQuery>[0]) => run(engine, rejectedListQuery(filter), REJECTED_LIST_ROW);
    const all = await listed({ severity: null, reason: null, file: null });
    expect(all.map((r) => [r.line, r.severity, r.reason])).toEqual([[4, 'warning', 'unknown_reference'], [6, 'rejected', 'invalid_json'], [7, 'rejected', 'bad_ts']]);
    expect(all[0].event?.consumed_asset_id).toBe('x');
    expect((await listed({ severity: 'rejected', reason: 'bad_ts', file: 'log.jsonl' })).map((r) => r.line)).toEqual([7]);
    expect(await listed({ severity: null, reason: null, file: 'other.jsonl' })).toEqual([]);
    expect(await run(engine, REJECTED_FACETS_SQL, REJECTED_FACET_ROW)).toHaveLength(3);
  });
});
