import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../engine/sql/core/run';
import { clearDataset, initDataset } from '../../engine/dataset';
import type { Engine } from '../../engine/engine';
import { createNodeEngine } from '../../engine/node-engine';
import { loadFiles } from '../load-files';
import { LoadState } from '../load-state';
import { textInputFile } from '../text-input';
import { HOSTILE_CASES, LARGE_HOSTILE_CASES, type HostileCase } from './hostile-otlp-cases';

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
  await initDataset(engine);
}, 60_000);
afterAll(() => engine.close());

async function load(hostile: HostileCase) {
  await clearDataset(engine);
  const [result] = await loadFiles(engine, [textInputFile(hostile.name, hostile.text, 1024 * 1024)], new LoadState());
  const rejected = await run(engine, 'SELECT line, message FROM rejected ORDER BY line, rowid', { line: 'number', message: 'string' });
  const [{ spans }] = await run(engine, 'SELECT count(*)::INTEGER AS spans FROM spans', { spans: 'number' });
  return { result, rejected: rejected.map(({ line, message }): [number, string] => [line, message]), spans };
}

describe('hostile OTLP: what is valid loads, the rest is rejected with its place, and every span is accounted for', () => {
  it.each(HOSTILE_CASES.map((hostile) => [hostile.name, hostile] as const))('%s', async (_name, hostile) => {
    const { result, rejected, spans } = await load(hostile);
    expect(result.error).toBeNull();
    expect(rejected).toEqual(hostile.rejected);
    expect(spans).toBe(hostile.keptSpans);
    expect(result.events).toBe(hostile.events);
    expect(result.rejected).toBe(hostile.rejected.length);
  }, 120_000);

  it.each(LARGE_HOSTILE_CASES.map((hostile) => [hostile.name, hostile] as const))('%s', async (_name, hostile) => {
    const { result, rejected, spans } = await load(hostile);
    expect(result.error).toBeNull();
    expect(rejected.map(([line, message]) => [line, message.slice(0, 200)])).toEqual(hostile.rejected);
    expect(spans).toBe(hostile.keptSpans);
    expect(result.events).toBe(hostile.events);
  }, 600_000);

  it('a retrieval of 100,000 documents keeps them all, in order', async () => {
    await load(LARGE_HOSTILE_CASES.find((c) => c.name === 'a-retrieval-of-100k-documents.otlp.jsonl')!);
    const [row] = await run(engine, 'SELECT len(returned_asset_ids)::INTEGER AS n, returned_asset_ids[1] AS first, returned_asset_ids[-1] AS last FROM retrievals', { n: 'number', first: 'string', last: 'string' });
    expect(row).toEqual({ n: 100_000, first: 'doc-0', last: 'doc-99999' });
  }, 600_000);

  it('a parent cycle is cut at the first of its spans in the file: it is the root, and the others hang below it', async () => {
    await load(HOSTILE_CASES.find((c) => c.name === 'parent-cycle.otlp.jsonl')!);
    const retrievals = await run(engine, 'SELECT retrieval_id, returned_asset_ids FROM retrievals', { retrieval_id: 'string', returned_asset_ids: 'string[]' });
    expect(retrievals.map((r) => [r.retrieval_id, [...r.returned_asset_ids]])).toEqual([['100000000000000c', ['kb-1']]]);
    const kept = await run(engine, 'SELECT name, parent_span_id FROM spans ORDER BY name', { name: 'string', parent_span_id: 'string|null' });
    // a keeps its parent id as written (c), though the tree reads it as a root
    expect(kept.map((s) => [s.name, s.parent_span_id])).toEqual([['a', '100000000000000d'], ['c', '100000000000000c'], ['d', '100000000000000c']]);
  }, 120_000);

  it('lone surrogates are stored as a log event stores the same text', async () => {
    await load(HOSTILE_CASES.find((c) => c.name === 'lone-surrogates.otlp.jsonl')!);
    const [span] = await run(engine, 'SELECT name, attributes FROM spans', { name: 'string', attributes: 'string' });
    await clearDataset(engine);
    await loadFiles(engine, [textInputFile('events.jsonl', '{"type":"prompt","ts":"2026-03-02T10:00:00Z","session_id":"tool \\ud800 call","text":"half \\udbff"}\n')], new LoadState());
    const [prompt] = await run(engine, 'SELECT session_id, text FROM prompts', { session_id: 'string', text: 'string' });
    // each lone surrogate is one U+FFFD, in the span's name as in the prompt's session; in the attributes' JSON text, the escape as written
    expect(span.name).toBe(prompt.session_id);
    expect(span.name).toBe('tool \ufffd call');
    expect(JSON.parse(span.attributes)).toEqual({ 'note\udc00': 'half \udbff' });
    expect(prompt.text).toBe('half \ufffd');
  }, 120_000);
});
