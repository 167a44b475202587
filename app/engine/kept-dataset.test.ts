import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from './sql/core/run';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { textInputFile } from '../ingest/text-input';
import type { Engine } from './engine';
import { openDataset, readLoadCounters } from './kept-dataset';
import { createNodeEngine } from './node-engine';

const retrieval = (id: string, session = 's1') => ({
  type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: session, retrieval_id: id, query: 'card', returned_asset_ids: ['a1'], scores: [0.9],
});
const prompt = (session: string) => ({ type: 'prompt', ts: '2026-10-01T09:59:00Z', session_id: session, turn_id: `${session}-t1`, text: 'make a card' });
const jsonl = (events: object[]) => events.map((event) => JSON.stringify(event)).join('\n') + '\n';

const FIRST = textInputFile('first.jsonl', jsonl([prompt('s1'), retrieval('r1'), retrieval('r2')]), 64);
const SECOND = textInputFile('second.jsonl', jsonl([prompt('s2'), retrieval('r3', 's2')]), 64);

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
});
afterAll(() => engine.close());

/** Each test starts from a database as a new page finds it: nothing in it. */
beforeEach(async () => {
  for (const { name } of await run(engine, `SELECT view_name AS name FROM duckdb_views() WHERE NOT internal`, { name: 'string' })) {
    await engine.exec(`DROP VIEW IF EXISTS "${name}"`);
  }
  for (const { name } of await run(engine, `SELECT table_name AS name FROM duckdb_tables()`, { name: 'string' })) {
    await engine.exec(`DROP TABLE IF EXISTS "${name}"`);
  }
});

describe('opening the database a page finds', () => {
  it('says a new database is empty and creates the tables', async () => {
    expect(await openDataset(engine)).toEqual({ kind: 'empty' });
    const [row] = await run(engine, 'SELECT count(*)::INTEGER AS n FROM events', { n: 'number' });
    expect(row.n).toBe(0);
  });

  it('reopens what was loaded, with the files in load order', async () => {
    await openDataset(engine);
    await loadFiles(engine, [FIRST, SECOND], new LoadState());
    const opened = await openDataset(engine);
    expect(opened).toMatchObject({ kind: 'restored', interruptedRows: 0, kept: { files: 2, names: ['first.jsonl', 'second.jsonl'], events: 5 } });
    expect(opened.kind === 'restored' && opened.kept.loadedAt).toBeGreaterThan(0);
  });

  it('removes the rows of a file whose load never finished, and only those', async () => {
    await openDataset(engine);
    await loadFiles(engine, [FIRST], new LoadState());
    await engine.exec(`INSERT INTO events_retrieval (file_id, line, seq, type, retrieval_id) VALUES (7, 1, 99, 'retrieval', 'orphan')`);
    const opened = await openDataset(engine);
    expect(opened).toMatchObject({ kind: 'restored', interruptedRows: 1, kept: { files: 1, events: 3 } });
    const ids = await run(engine, 'SELECT retrieval_id FROM retrievals ORDER BY retrieval_id', { retrieval_id: 'string' });
    expect(ids.map((r) => r.retrieval_id)).toEqual(['r1', 'r2']);
  });

  it('gives a files table kept before text sizes were recorded its text_bytes column, and loads on', async () => {
    await openDataset(engine);
    await loadFiles(engine, [FIRST], new LoadState());
    await engine.exec('ALTER TABLE files DROP COLUMN text_bytes');
    expect(await openDataset(engine)).toMatchObject({ kind: 'restored', kept: { files: 1 } });
    const state = new LoadState();
    state.resume(await readLoadCounters(engine));
    await loadFiles(engine, [SECOND], state);
    const files = await engine.query('SELECT name, bytes, text_bytes FROM files ORDER BY file_id');
    expect(files).toEqual([
      { name: 'first.jsonl', bytes: FIRST.size, text_bytes: null },
      { name: 'second.jsonl', bytes: SECOND.size, text_bytes: null },
    ]);
  });

  it('gives a dataset kept before OpenTelemetry spans were stored its spans table and column, and loads spans on', async () => {
    await openDataset(engine);
    await loadFiles(engine, [FIRST], new LoadState());
    await engine.exec('DROP TABLE spans; ALTER TABLE files DROP COLUMN spans');
    expect(await openDataset(engine)).toMatchObject({ kind: 'restored', interruptedRows: 0, kept: { files: 1, events: 3 } });
    const state = new LoadState();
    state.resume(await readLoadCounters(engine));
    const llmSpan = { traceId: '5b8efff798038103d269b633813fc60c', spanId: 'eee19b7ec3c1b174', name: 'chat', startTimeUnixNano: '1772445601000000000',
      attributes: [{ key: 'openinference.span.kind', value: { stringValue: 'LLM' } }] };
    await loadFiles(engine, [textInputFile('traces.jsonl', JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [llmSpan] }] }] }))], state);
    expect(await engine.query('SELECT name, events, spans FROM files ORDER BY file_id')).toEqual([
      { name: 'first.jsonl', events: 3, spans: null },
      { name: 'traces.jsonl', events: 0, spans: 1 },
    ]);
    expect(await engine.query('SELECT file_id, kind, name, session_id FROM spans')).toEqual([
      { file_id: 2, kind: 'LLM', name: 'chat', session_id: '5b8efff798038103d269b633813fc60c' },
    ]);
  });

  it('removes the spans of a file whose load never finished', async () => {
    await openDataset(engine);
    await engine.exec(`INSERT INTO spans (file_id, line, seq, span_id, kind) VALUES (7, 1, 0, 's', 'LLM')`);
    expect(await openDataset(engine)).toMatchObject({ kind: 'empty' });
    expect(await engine.query('SELECT count(*)::INTEGER AS n FROM spans')).toEqual([{ n: 0 }]);
  });

  it('refuses tables made by an app version whose columns differ', async () => {
    await openDataset(engine);
    await engine.exec(`UPDATE dataset_meta SET value = 'another version' WHERE key = 'event_schema'`);
    expect(await openDataset(engine)).toEqual({ kind: 'incompatible' });
  });
});

describe('loading more into a reopened dataset', () => {
  it('continues file ids, load order and the known retrieval ids from the database', async () => {
    await openDataset(engine);
    await loadFiles(engine, [FIRST], new LoadState());
    const counters = await readLoadCounters(engine);
    expect(counters).toEqual({ nextFileId: 2, nextSeq: 3, retrievalIds: expect.arrayContaining(['r1', 'r2']), loadedFiles: [[expect.any(String), FIRST.name]] });
    expect(counters.retrievalIds).toHaveLength(2);

    // A new page: a fresh LoadState resumed from the database, as the browser's loader does.
    const state = new LoadState();
    state.resume(counters);
    const again = textInputFile('first-again.jsonl', jsonl([retrieval('r2'), retrieval('r4')]), 64);
    const [result] = await loadFiles(engine, [again], state);
    expect(result).toMatchObject({ fileId: 2, events: 1, rejected: 1 });
    const rows = await run(engine, 'SELECT retrieval_id, file_id, seq FROM retrievals ORDER BY seq', { retrieval_id: 'string', file_id: 'number', seq: 'number' });
    expect(rows).toEqual([
      { retrieval_id: 'r1', file_id: 1, seq: 1 },
      { retrieval_id: 'r2', file_id: 1, seq: 2 },
      { retrieval_id: 'r4', file_id: 2, seq: 3 },
    ]);
    const [rejected] = await run(engine, 'SELECT reason FROM rejected', { reason: 'string' });
    expect(rejected.reason).toMatch(/duplicate/);
  });

  it('skips a file loaded before the reload instead of storing its events twice', async () => {
    await openDataset(engine);
    await loadFiles(engine, [FIRST], new LoadState());
    const state = new LoadState();
    state.resume(await readLoadCounters(engine));
    const [result] = await loadFiles(engine, [FIRST], state);
    expect(result).toMatchObject({ fileId: 2, events: 0, rejected: 0, error: expect.stringMatching(/already loaded/) });
    expect(await engine.query('SELECT count(*)::INTEGER AS n FROM events')).toEqual([{ n: 3 }]);
  });
});
