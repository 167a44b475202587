import { describe, expect, it } from 'vitest';
import { run } from '../engine/sql/core/run';
import { clearDataset } from '../engine/dataset';
import type { Engine } from '../engine/engine';
import { loadedTestEngine } from '../engine/sql/metrics/loaded-test-engine';
import { loadFiles } from './load-files';
import { LoadState } from './load-state';
import { RecordAcceptor } from './record-acceptor';
import { textInputFile } from './text-input';

const engine = loadedTestEngine();
const state = new LoadState();
const TS = '2026-10-01T10:00:00Z';

const jsonl = (...lines: unknown[]) => lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n';
const retrieval = (id: string, extra: Record<string, unknown> = {}) => ({ type: 'retrieval', ts: TS, session_id: 's1', retrieval_id: id, returned_asset_ids: ['a1'], ...extra });

async function load(files: ReturnType<typeof textInputFile>[], into: Engine = engine) {
  await clearDataset(engine);
  state.reset();
  return loadFiles(into, files, state);
}

const rejected = () => run(engine, 'SELECT line, reason, field, message FROM rejected ORDER BY file_id, line', { line: 'number', reason: 'string', field: 'string|null', message: 'string' });

describe('one record cannot cost the rest of its file', () => {
  it('a label whose kind names a prototype member is rejected, and the lines after it are stored', async () => {
    const kinds = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    const lines = [...kinds.map((kind) => ({ type: 'label', kind, retrieval_id: 'r1', role: 'find' })), retrieval('r1'), { type: 'constructor', ts: TS }];
    const [result] = await load([textInputFile('labels.jsonl', jsonl(...lines))]);
    expect(result).toMatchObject({ events: 1, rejected: 5, blankLines: 0, error: null });
    expect((await rejected()).map((r) => [r.line, r.reason, r.field])).toEqual([
      [1, 'wrong_type', 'kind'], [2, 'wrong_type', 'kind'], [3, 'wrong_type', 'kind'], [4, 'wrong_type', 'kind'], [6, 'unknown_type', 'type'],
    ]);
  });

  it('`__proto__` and `constructor` keys are kept as plain unknown fields', async () => {
    const line = '{"type":"retrieval","ts":"2026-10-01T10:00:00Z","session_id":"s1","retrieval_id":"r1","__proto__":{"polluted":true},"constructor":"x"}';
    const [result] = await load([textInputFile('proto.jsonl', `${line}\n`)]);
    expect(result).toMatchObject({ events: 1, rejected: 0 });
    const [row] = await run(engine, 'SELECT extra FROM events', { extra: 'string' });
    expect(row.extra).toBe('{"__proto__":{"polluted":true},"constructor":"x"}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an exception inside validation rejects only its line, with a plain reason', () => {
    const acceptor = new RecordAcceptor({ fileId: 1, fileName: 'x.jsonl', seqStart: 0, seenRetrievalIds: new Set(), batchRows: 100 });
    const hostile = Object.defineProperty({}, 'type', { enumerable: true, get: () => { throw new Error('boom'); } });
    acceptor.accept(1, 'raw', hostile);
    acceptor.accept(2, 'raw', retrieval('r1'));
    expect(acceptor.counts).toMatchObject({ events: 1, rejected: 1 });
    const [batch] = acceptor.ready(true).filter((b) => b.table === 'rejected');
    expect(batch).toBeDefined();
  });

  it('a field nested 10,000 deep is rejected past the depth limit and the file goes on', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const text = `{"type":"retrieval","ts":"${TS}","session_id":"s1","retrieval_id":"r0","payload":${deep}}\n${JSON.stringify(retrieval('r1'))}\n`;
    const [result] = await load([textInputFile('deep.jsonl', text, 4096)]);
    expect(result).toMatchObject({ events: 1, rejected: 1 });
    expect((await rejected()).map((r) => [r.line, r.reason, r.field, r.message])).toEqual([[1, 'too_deep', 'payload', '"payload" is nested more than 100 levels deep']]);
  });
});

describe('silent wrong data is refused', () => {
  it.each([
    ['epoch seconds', 1790000000, 'bad_ts', /looks like epoch seconds/],
    ['epoch seconds as text', '1790000000', 'bad_ts', /looks like epoch seconds/],
    ['February 30', '2026-02-30T10:00:00Z', 'bad_ts', /not a real date/],
    ['hour 24', '2026-10-01T24:00:00Z', 'bad_ts', /not a real date/],
    ['a ts beyond the Date range', 1e17, 'bad_ts', /outside the range of dates/],
    ['a ts past year 9999', 253402300800000, 'bad_ts', /outside the range of dates/],
  ])('%s', async (_name, ts, reason, message) => {
    const [result] = await load([textInputFile('ts.jsonl', jsonl(retrieval('r1', { ts }), retrieval('r2')))]);
    expect(result).toMatchObject({ events: 1, rejected: 1 });
    const [row] = await rejected();
    expect([row.line, row.reason, row.field]).toEqual([1, reason, 'ts']);
    expect(row.message).toMatch(message);
  });

  it('an ISO time with an offset is the instant it names; epoch milliseconds and small counters stay milliseconds', async () => {
    const lines = [retrieval('r1', { ts: '2026-10-01T12:00:00+02:00' }), retrieval('r2', { ts: '2026-10-01T05:30:00-0430' }), retrieval('r3', { ts: 1790000000000 }), retrieval('r4', { ts: 5000 })];
    await load([textInputFile('offsets.jsonl', jsonl(...lines))]);
    const rows = await run(engine, 'SELECT ts FROM events ORDER BY seq', { ts: 'number' });
    expect(rows.map((r) => r.ts)).toEqual([Date.UTC(2026, 9, 1, 10), Date.UTC(2026, 9, 1, 10), 1790000000000, 5000]);
  });

  it('an id written as a number beyond 2^53 is rejected, naming the field; numbers and strings swapped too', async () => {
    const lines = ['{"type":"retrieval","ts":"2026-10-01T10:00:00Z","session_id":12345678901234567890,"retrieval_id":"r1"}', retrieval('r2', { latency_ms: '12' }), retrieval('r3')];
    const [result] = await load([textInputFile('numbers.jsonl', jsonl(...lines))]);
    expect(result).toMatchObject({ events: 1, rejected: 2 });
    const rows = await rejected();
    expect(rows.map((r) => [r.line, r.reason, r.field])).toEqual([[1, 'wrong_type', 'session_id'], [2, 'wrong_type', 'latency_ms']]);
    expect(rows[0].message).toContain('too large to keep every digit');
  });
});

describe('files are isolated from each other', () => {
  it('a file that fails part-way is taken back whole, its retrieval ids forgotten, and the next files load', async () => {
    let failNext = true;
    // the first insert fails once, as a full disk would: the whole first file is then lost
    const failing = new Proxy(engine, {
      get(target, name) {
        if (name === 'insertArrowIPC') {
          return async (table: string, ipc: Uint8Array) => {
            if (failNext) {
              failNext = false;
              throw new Error('disk full');
            }
            return target.insertArrowIPC(table, ipc);
          };
        }
        return Reflect.get(target, name) as unknown;
      },
    });
    const first = jsonl(retrieval('r1'), retrieval('r2'));
    const results = await load([textInputFile('first.jsonl', first), textInputFile('second.jsonl', jsonl(retrieval('r3')))], failing);
    expect(results.map((r) => [r.fileName, r.events, r.error])).toEqual([
      ['first.jsonl', 0, 'could not load the file, nothing of it was stored: disk full'],
      ['second.jsonl', 1, null],
    ]);
    // the corrected file defines r1 and r2 again: not duplicates of the failed file's
    const [again] = await loadFiles(engine, [textInputFile('first-fixed.jsonl', first)], state);
    expect(again).toMatchObject({ events: 2, rejected: 0 });
    const ids = await run(engine, 'SELECT retrieval_id FROM events ORDER BY retrieval_id', { retrieval_id: 'string' });
    expect(ids.map((r) => r.retrieval_id)).toEqual(['r1', 'r2', 'r3']);
    const files = await run(engine, 'SELECT name, error FROM files ORDER BY file_id', { name: 'string', error: 'string|null' });
    expect(files.map((f) => f.name)).toEqual(['first.jsonl', 'second.jsonl', 'first-fixed.jsonl']);
  });

  it('the same file loaded twice is skipped the second time and says so; another file of the same name loads', async () => {
    const content = jsonl(retrieval('r1'), { type: 'prompt', ts: TS, session_id: 's1', text: 'hi' });
    const results = await load([textInputFile('day.jsonl', content), textInputFile('day.jsonl', content), textInputFile('day.jsonl', jsonl(retrieval('r9')))]);
    expect(results.map((r) => [r.events, r.error])).toEqual([
      [2, null],
      [0, 'this file was already loaded; it was skipped so that its events are not stored twice'],
      [1, null],
    ]);
    const [{ n }] = await run(engine, "SELECT count(*)::INTEGER AS n FROM events WHERE type = 'prompt'", { n: 'number' });
    expect(n).toBe(1);
  });
});

describe('an event_id given twice', () => {
  it('is flagged on the later event, naming where the first is; ids derived from file:line of same-named files are not', async () => {
    const first = jsonl({ ...retrieval('r1'), event_id: 'e1' }, { type: 'prompt', ts: TS, session_id: 's1' });
    const second = jsonl({ type: 'prompt', ts: TS, session_id: 's1', event_id: 'e1' }, { type: 'prompt', ts: TS, session_id: 's2', text: 'other' });
    const results = await load([textInputFile('a.jsonl', first), textInputFile('b.jsonl', second), textInputFile('a.jsonl', jsonl(retrieval('r5'), { type: 'prompt', ts: TS, session_id: 's3' }))]);
    expect(results.map((r) => r.events)).toEqual([2, 2, 2]);
    const warnings = await run(engine, 'SELECT file, line, reason, message FROM reference_warnings ORDER BY seq', { file: 'string', line: 'number', reason: 'string', message: 'string' });
    expect(warnings).toEqual([{ file: 'b.jsonl', line: 1, reason: 'duplicate_event_id', message: '"event_id" "e1" was already given to the event at a.jsonl:1' }]);
    // a file added later is checked against what is loaded (the warnings are brought up to date, not rebuilt)
    await loadFiles(engine, [textInputFile('c.jsonl', jsonl({ type: 'prompt', ts: TS, session_id: 's1', event_id: 'e1' }))], state);
    const after = await run(engine, 'SELECT file, reason FROM reference_warnings ORDER BY seq', { file: 'string', reason: 'string' });
    expect(after).toEqual([{ file: 'b.jsonl', reason: 'duplicate_event_id' }, { file: 'c.jsonl', reason: 'duplicate_event_id' }]);
  });
});

describe('references that loop or name nothing', () => {
  it('rewrite_of cycles and a source_retrieval_id naming nothing: each dangling reference warned about, nothing loops', async () => {
    const lines = [
      retrieval('r1', { rewrite_of: 'r2' }), retrieval('r2', { rewrite_of: 'r1' }), retrieval('r3', { rewrite_of: 'r3' }),
      { type: 'prompt', ts: TS, session_id: 's1', turn_id: 't1', rewrite_of: 't2' }, { type: 'prompt', ts: TS, session_id: 's1', turn_id: 't2', rewrite_of: 't1' },
      { type: 'action', ts: TS, session_id: 's1', actor: 'user', action: 'export', consumed_asset_id: 'a1', source_retrieval_id: 'r-none' },
      { type: 'action', ts: TS, session_id: 's2', actor: 'user', action: 'export', consumed_asset_id: 'a1' },
    ];
    await load([textInputFile('cycles.jsonl', jsonl(...lines))]);
    const warnings = await run(engine, 'SELECT line, field, message FROM reference_warnings ORDER BY line', { line: 'number', field: 'string', message: 'string' });
    expect(warnings).toEqual([
      // r1 → r2 → r1: once, on the loop's latest event (r2); r3 → r3; turns t1 → t2 → t1, on t2.
      { line: 2, field: 'rewrite_of', message: '"rewrite_of" leads back to retrieval "r2" itself after 2 steps: its rewrites form a loop' },
      { line: 3, field: 'rewrite_of', message: '"rewrite_of" leads back to retrieval "r3" itself after 1 step: its rewrites form a loop' },
      { line: 5, field: 'rewrite_of', message: '"rewrite_of" leads back to turn "t2" itself after 2 steps: its rewrites form a loop' },
      { line: 6, field: 'source_retrieval_id', message: '"source_retrieval_id" names retrieval "r-none", which no loaded event defines' },
    ]);
    const { loadSessionInspector } = await import('../engine/sql/session-inspector');
    const { lineageReads } = await import('../engine/lineage-test-reads');
    const session = await lineageReads(engine)((facts) => loadSessionInspector(facts, 's1'));
    expect(session.retrievals.map((r) => r.retrieval_id).sort()).toEqual(['r1', 'r2', 'r3']);
  });

  it('a loop closed by a later file is warned on the event that closed it, as a full rebuild warns it', async () => {
    const warnings = () => run(engine, 'SELECT file, line, reason FROM reference_warnings ORDER BY seq', { file: 'string', line: 'number', reason: 'string' });
    await load([textInputFile('first.jsonl', jsonl(retrieval('r0'), retrieval('r1', { rewrite_of: 'r2' })))]);
    // r2 is not loaded yet: a reference to nothing, answered by the second file.
    expect(await warnings()).toEqual([{ file: 'first.jsonl', line: 2, reason: 'unknown_reference' }]);
    await loadFiles(engine, [textInputFile('second.jsonl', jsonl(retrieval('r2', { rewrite_of: 'r1' })))], state);
    const closed = [{ file: 'second.jsonl', line: 1, reason: 'rewrite_cycle' }];
    expect(await warnings()).toEqual(closed);
    const { NEW_GENERATION_SQL } = await import('../engine/sql/derived/state');
    const { updateDerivedTables } = await import('../engine/derived/update-derived-tables');
    const { POST_LOAD_TABLES } = await import('../engine/sql/derived/registry');
    await engine.exec(NEW_GENERATION_SQL);
    await updateDerivedTables(engine, POST_LOAD_TABLES);
    expect(await warnings()).toEqual(closed);
  });
});
