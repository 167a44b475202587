import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { run } from '../engine/sql/core/run';
import { clearDataset } from '../engine/dataset';
import { loadFiles } from './load-files';
import { LoadState } from './load-state';
import { textInputFile } from './text-input';
import { loadedTestEngine } from '../engine/sql/metrics/loaded-test-engine';

const retrieval = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: 's1', retrieval_id: id, query: 'birthday card',
  returned_asset_ids: ['a1', 'a2'], scores: [0.9, 0.4], ...extra,
});
const action = { type: 'action', ts: 1790000000000, session_id: 's1', actor: 'user', action: 'export', consumed_asset_id: 'a1', source_retrieval_id: 'r1' };

const engine = loadedTestEngine();
const state = new LoadState();

async function load(...files: ReturnType<typeof textInputFile>[]) {
  await clearDataset(engine);
  state.reset();
  return loadFiles(engine, files, state);
}

describe('loading each file kind', () => {
  const events = [retrieval('r1', { ui_variant: 'B' }), action];
  const jsonl = events.map((e) => JSON.stringify(e)).join('\n') + '\n';

  it.each([
    ['logs.jsonl', jsonl],
    ['logs.ndjson', jsonl.replaceAll('\n', '\r\n')],
    ['logs.jsonl.gz', gzipSync(jsonl)],
    ['already-decompressed-by-the-server.jsonl.gz', jsonl],
    ['renamed-gzip.jsonl', gzipSync(jsonl)],
    ['logs.json', JSON.stringify(events, null, 2)],
    ['wrapped.json', JSON.stringify({ source: 'x', events }, null, 2)],
  ])('%s: stores both events with lists, numbers and extra fields intact', async (name, content) => {
    const [result] = await load(textInputFile(name, content));
    expect(result.error).toBeNull();
    expect(result.events).toBe(2);
    expect(result.rejected).toBe(0);
    const rows = await run(engine, 'SELECT type, returned_asset_ids, scores, ts, extra FROM events ORDER BY seq', { type: 'string', returned_asset_ids: 'string[]|null', scores: 'number[]|null', ts: 'number', extra: 'string|null' });
    expect(rows).toEqual([
      { type: 'retrieval', returned_asset_ids: ['a1', 'a2'], scores: [0.9, 0.4], ts: Date.UTC(2026, 9, 1, 10), extra: '{"ui_variant":"B"}' },
      { type: 'action', returned_asset_ids: null, scores: null, ts: 1790000000000, extra: null },
    ]);
  });

  it('CSV with JSON-array cells, quoted commas and a newline inside a quoted cell', async () => {
    const csv = [
      'type,ts,session_id,retrieval_id,query,returned_asset_ids,scores,latency_ms',
      'retrieval,2026-10-01T10:00:00Z,s1,r1,"cards, birthday","[""a1"",""a2""]","[0.9,0.4]",12.5',
      'retrieval,2026-10-01T10:01:00Z,s1,r2,"two',
      'lines",[],,',
    ].join('\n');
    const [result] = await load(textInputFile('labels.csv', csv, 5));
    expect(result).toMatchObject({ events: 2, rejected: 0 });
    const rows = await engine.query('SELECT line, query, returned_asset_ids, scores, latency_ms FROM events ORDER BY seq');
    expect(rows).toEqual([
      { line: 2, query: 'cards, birthday', returned_asset_ids: ['a1', 'a2'], scores: [0.9, 0.4], latency_ms: 12.5 },
      { line: 3, query: 'two\nlines', returned_asset_ids: [], scores: null, latency_ms: null },
    ]);
  });

  it('derives event_id from file and line when it is missing', async () => {
    await load(textInputFile('a.jsonl', jsonl));
    const rows = await run(engine, 'SELECT event_id FROM events ORDER BY seq', { event_id: 'string' });
    expect(rows.map((r) => r.event_id)).toEqual(['a.jsonl:1', 'a.jsonl:2']);
  });
});

describe('nothing is lost', () => {
  it('every non-blank line is an event or a rejected row, across files, with duplicates across files caught', async () => {
    const first = [JSON.stringify(retrieval('r1')), '', '{"type":"prompt"', JSON.stringify(action)].join('\n');
    const second = [JSON.stringify(retrieval('r1')), '42', JSON.stringify({ type: 'weather', ts: 1 })].join('\n');
    const results = await load(textInputFile('one.jsonl', first), textInputFile('two.jsonl', second));
    expect(results.map((r) => [r.events, r.rejected, r.blankLines])).toEqual([[2, 1, 1], [0, 3, 0]]);
    const rejected = await engine.query('SELECT file, line, reason FROM rejected ORDER BY file, line');
    expect(rejected).toEqual([
      { file: 'one.jsonl', line: 3, reason: 'invalid_json' },
      { file: 'two.jsonl', line: 1, reason: 'duplicate_retrieval_id' },
      { file: 'two.jsonl', line: 2, reason: 'not_object' },
      { file: 'two.jsonl', line: 3, reason: 'unknown_type' },
    ]);
  });

  it('keeps an event whose reference names nothing, and warns about it', async () => {
    const orphan = { ...action, source_retrieval_id: 'r-missing' };
    await load(textInputFile('w.jsonl', [retrieval('r1'), orphan].map((e) => JSON.stringify(e)).join('\n')));
    expect(await engine.query('SELECT count(*)::INT AS n FROM events')).toEqual([{ n: 2 }]);
    expect(await engine.query('SELECT file, line, field, reason FROM reference_warnings')).toEqual([
      { file: 'w.jsonl', line: 2, field: 'source_retrieval_id', reason: 'unknown_reference' },
    ]);
  });

  it('reports an unterminated JSON array element with its line', async () => {
    const [result] = await load(textInputFile('cut.json', '[\n {"type":"asset","asset_id":"a1"},\n {"type":"asset",'));
    expect(result).toMatchObject({ events: 1, rejected: 1 });
    expect(await engine.query('SELECT line, reason FROM rejected')).toEqual([{ line: 3, reason: 'invalid_json' }]);
  });

  it('names an unsupported file kind instead of reading it', async () => {
    const [result] = await load(textInputFile('x.parquet', 'PAR1'));
    expect(result.error).toMatch(/Parquet/);
  });
});
