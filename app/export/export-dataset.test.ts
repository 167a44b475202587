import { parquetMetadata, parquetSchema } from 'hyparquet';
import { ByteWriter } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearDataset, initDataset } from '../engine/dataset';
import type { Engine } from '../engine/engine';
import { createNodeEngine } from '../engine/node-engine';
import { loadFiles, type InputFile } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { textInputFile } from '../ingest/text-input';
import { writeEventsParquet, writeRejectedParquet } from './export-dataset';
import { bytesSource } from '../ingest/parquet/random-access';

/** Events whose fields a Parquet table could lose: unknown fields of every shape, fractional epoch ms, false, []. */
const LINES = [
  { type: 'retrieval', ts: 1790000000000.5, session_id: 's1', retrieval_id: 'r1', returned_asset_ids: [], scores: [], grade: 3, extra: { nested: [1, null] }, note_to_self: null },
  { type: 'label', kind: 'intent', turn_id: 't1', retrieval_intent: false, intents: ['find', 'edit'], annotator: 'mei' },
  { type: 'action', ts: '2026-10-01T10:00:00Z', session_id: 's1', actor: 'user', action: 'place', consumed_asset_id: 'a1', source_retrieval_id: 'r1', 'odd "key"': 'x' },
  { type: 'response', ts: '2026-10-01T10:01:00Z', session_id: 's1', text: 'Here: ✓ “quoted” \n newline', cited_asset_ids: ['a1'] },
  { type: 'retrieval', ts: '2026-10-01T10:02:00Z', session_id: 's1', retrieval_id: 'r1' },
  { type: 'nonsense' },
].map((event) => JSON.stringify(event));

const parquetInput = (name: string, bytes: Uint8Array): InputFile => ({ ...textInputFile(name, bytes, 4096), source: () => bytesSource(bytes) });

async function exportTo(engine: Engine) {
  const events = new ByteWriter();
  const rejected = new ByteWriter();
  const counts = { events: await writeEventsParquet(engine, events), rejected: await writeRejectedParquet(engine, rejected) };
  return { counts, events: events.getBytes().slice(), rejected: rejected.getBytes().slice() };
}

const everyEvent = (engine: Engine) => engine.query('SELECT * EXCLUDE (file_id, line, seq) FROM events ORDER BY seq');
const everyRejected = (engine: Engine) => engine.query('SELECT * EXCLUDE (file_id) FROM rejected ORDER BY file, line');

let original: Engine;
let reloaded: Engine;
beforeAll(async () => {
  [original, reloaded] = await Promise.all([createNodeEngine(), createNodeEngine()]);
  await Promise.all([initDataset(original), initDataset(reloaded)]);
});
afterAll(async () => {
  await original.close();
  await reloaded.close();
});

describe('the dataset as Parquet, loaded back', () => {
  it('gives every event field for field (extra included) and every rejected row with its first file and line', async () => {
    await loadFiles(original, [textInputFile('a.jsonl', LINES.join('\n')), textInputFile('b.jsonl', `${LINES[1]}\n{oops`)], new LoadState());
    const exported = await exportTo(original);
    expect(exported.counts).toEqual({ events: 5, rejected: 3 });

    await loadFiles(reloaded, [parquetInput('events.parquet', exported.events), parquetInput('rejected.parquet', exported.rejected)], new LoadState());
    const events = await everyEvent(reloaded);
    expect(events).toEqual(await everyEvent(original));
    expect(events[0]).toMatchObject({ ts: 1790000000000.5, returned_asset_ids: [], extra: '{"grade":3,"extra":{"nested":[1,null]},"note_to_self":null}' });
    const rejected = await everyRejected(reloaded);
    expect(rejected).toEqual(await everyRejected(original));
    expect(rejected.map((row) => [row.file, row.line, row.reason])).toEqual([
      ['a.jsonl', 5, 'duplicate_retrieval_id'], ['a.jsonl', 6, 'unknown_type'], ['b.jsonl', 2, 'invalid_json'],
    ]);
  });

  it('writes the JSON Lines columns: lists as LIST, ts as DOUBLE, extra as JSON, no load provenance', async () => {
    await clearDataset(original);
    await loadFiles(original, [textInputFile('a.jsonl', LINES[0])], new LoadState());
    const { events, rejected } = await exportTo(original);
    const columns = (bytes: Uint8Array) => parquetSchema(parquetMetadata(bytes.buffer as ArrayBuffer)).children;
    const eventColumns = columns(events);
    const byName = new Map(eventColumns.map((child) => [child.element.name, child]));
    expect(eventColumns[0].element.name).toBe('type');
    expect(['file_id', 'line', 'seq'].filter((name) => byName.has(name))).toEqual([]);
    expect(byName.get('ts')?.element.type).toBe('DOUBLE');
    expect(byName.get('extra')?.element.converted_type).toBe('JSON');
    expect(byName.get('returned_asset_ids')?.element.converted_type).toBe('LIST');
    expect(columns(rejected).map((child) => child.element.name)).toEqual(['file', 'line', 'severity', 'reason', 'field', 'message', 'raw']);
  });

  it('an empty dataset gives files without rows, which load as nothing', async () => {
    await clearDataset(original);
    await clearDataset(reloaded);
    const exported = await exportTo(original);
    expect(exported.counts).toEqual({ events: 0, rejected: 0 });
    const results = await loadFiles(reloaded, [parquetInput('events.parquet', exported.events), parquetInput('rejected.parquet', exported.rejected)], new LoadState());
    expect(results.map(({ events, rejected, error }) => ({ events, rejected, error }))).toEqual([
      { events: 0, rejected: 0, error: null }, { events: 0, rejected: 0, error: null },
    ]);
  });
});
