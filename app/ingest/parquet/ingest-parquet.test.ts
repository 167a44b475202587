import { brotliCompressSync, gzipSync } from 'node:zlib';
import { parquetMetadata, type SchemaElement } from 'hyparquet';
import { parquetWriteBuffer, type ColumnSource } from 'hyparquet-writer';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../engine/sql/core/run';
import { clearDataset } from '../../engine/dataset';
import { loadFiles, type InputFile } from '../load-files';
import { LoadState } from '../load-state';
import { textInputFile } from '../text-input';
import { blobSource, bytesSource } from './random-access';
import { loadedTestEngine } from '../../engine/sql/metrics/loaded-test-engine';

const TS = ['2026-10-01T10:00:00.000Z', '2026-10-01T10:00:01.250Z', '2026-10-01T10:00:02.000Z', '2026-10-01T10:00:03.000Z'];
const EVENTS = [
  { type: 'prompt', ts: TS[0], session_id: 's1', turn_id: 't1', text: 'bake sale poster', category: 'events' },
  { type: 'retrieval', ts: TS[1], session_id: 's1', turn_id: 't1', retrieval_id: 'r1', query: 'bake sale poster', role: 'find', returned_asset_ids: ['a1', 'a2'], scores: [0.9, 0.4], latency_ms: 120, ui_variant: 'B' },
  { type: 'retrieval', ts: TS[2], session_id: 's1', turn_id: 't1', retrieval_id: 'r2', query: 'cupcake clipart', role: 'browse', returned_asset_ids: [], scores: [] },
  { type: 'action', ts: TS[3], session_id: 's1', actor: 'user', action: 'export', consumed_asset_id: 'a1', source_retrieval_id: 'r1' },
  { type: 'label', kind: 'relevance', retrieval_id: 'r1', asset_id: 'a1', grade: 2, annotator: 'mei', adjudicated: false },
  { type: 'asset', asset_id: 'a1', title: 'Poster' },
];

const text = (name: string): SchemaElement => ({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' });
const list = (name: string, item: SchemaElement): SchemaElement[] => [
  { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { ...item, name: 'element', repetition_type: 'REQUIRED' },
];
const column = (name: string) => EVENTS.map((event) => (event as Record<string, unknown>)[name] ?? null);

/**
 * EVENTS as a warehouse would write them: `ts` a TIMESTAMP (millis), `latency_ms` INT64, `grade`
 * INT32, lists as LIST, and the unknown field `ui_variant` as a column of its own.
 */
function eventsParquet(codec: 'SNAPPY' | 'GZIP' | 'BROTLI' | 'UNCOMPRESSED', rowGroupSize = 4): Uint8Array {
  const strings = ['type', 'session_id', 'turn_id', 'text', 'category', 'retrieval_id', 'query', 'role', 'actor', 'action', 'consumed_asset_id', 'source_retrieval_id', 'kind', 'asset_id', 'annotator', 'title', 'ui_variant'];
  const schema: SchemaElement[] = [
    { name: 'root', num_children: strings.length + 6 },
    ...strings.map(text),
    { name: 'ts', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type: 'OPTIONAL' },
    ...list('returned_asset_ids', text('element')),
    ...list('scores', { name: 'element', type: 'DOUBLE' }),
    { name: 'latency_ms', type: 'INT64', repetition_type: 'OPTIONAL' },
    { name: 'grade', type: 'INT32', repetition_type: 'OPTIONAL' },
    { name: 'adjudicated', type: 'BOOLEAN', repetition_type: 'OPTIONAL' },
  ];
  const columnData: ColumnSource[] = [
    ...strings.map((name) => ({ name, data: column(name) })),
    { name: 'ts', data: column('ts').map((ts) => (ts === null ? null : new Date(ts as string))) },
    { name: 'returned_asset_ids', data: column('returned_asset_ids') },
    { name: 'scores', data: column('scores') },
    { name: 'latency_ms', data: column('latency_ms').map((ms) => (ms === null ? null : BigInt(ms as number))) },
    { name: 'grade', data: column('grade') },
    { name: 'adjudicated', data: column('adjudicated') },
  ];
  const compressors = { GZIP: (input: Uint8Array) => new Uint8Array(gzipSync(input)), BROTLI: (input: Uint8Array) => new Uint8Array(brotliCompressSync(input)) };
  return new Uint8Array(parquetWriteBuffer({ columnData, schema, codec, compressors, rowGroupSize }));
}

/** A picked file: read by byte ranges. (textInputFile has only a stream, which is then read whole.) */
const parquetFile = (name: string, bytes: Uint8Array): InputFile => ({ ...textInputFile(name, bytes, 4096), source: () => bytesSource(bytes) });

const engine = loadedTestEngine();
const state = new LoadState();

async function load(...files: InputFile[]) {
  await clearDataset(engine);
  state.reset();
  return loadFiles(engine, files, state);
}
const storedEvents = () => engine.query('SELECT * EXCLUDE (file_id, line, seq, event_id) FROM events ORDER BY seq');

describe('a Parquet file of events', () => {
  let fromJsonl: Record<string, unknown>[];
  beforeAll(async () => {
    await load(textInputFile('logs.jsonl', EVENTS.map((event) => JSON.stringify(event)).join('\n')));
    fromJsonl = await storedEvents();
  });

  it.each([
    ['SNAPPY', 'by byte ranges', parquetFile],
    ['GZIP', 'by Blob slices', (name: string, bytes: Uint8Array): InputFile => ({ ...textInputFile(name, bytes, 4096), source: () => blobSource(new Blob([bytes.slice()])) })],
    ['BROTLI', 'by byte ranges', parquetFile],
    ['UNCOMPRESSED', 'from a stream', (name: string, bytes: Uint8Array) => textInputFile(name, bytes, 4096)],
  ] as const)('%s, read %s: the same events as the JSON Lines file', async (codec, _how, input) => {
    const bytes = eventsParquet(codec);
    const metadata = parquetMetadata(bytes.slice().buffer);
    expect(metadata.row_groups.map((group) => [Number(group.num_rows), group.columns[0].meta_data?.codec])).toEqual([[4, codec], [2, codec]]);
    const [result] = await load(input('logs.parquet', bytes));
    expect(result).toMatchObject({ error: null, events: EVENTS.length, rejected: 0, countsByType: { prompt: 1, retrieval: 2, action: 1, label: 1, asset: 1 } });
    expect(fromJsonl).toHaveLength(EVENTS.length);
    expect(await storedEvents()).toEqual(fromJsonl);
    // Rows are numbered from 1 across row groups (of 4 rows here), and name the event when it has no id.
    expect(await engine.query('SELECT line, event_id FROM events ORDER BY seq')).toEqual(
      EVENTS.map((_, i) => ({ line: i + 1, event_id: `logs.parquet:${i + 1}` })),
    );
  });

  it('keeps what the JSON Lines file keeps: epoch ms, empty lists, unknown fields', async () => {
    await load(parquetFile('logs.parquet', eventsParquet('SNAPPY')));
    expect(await engine.query(`SELECT ts, returned_asset_ids, scores, latency_ms, extra FROM events WHERE type = 'retrieval' ORDER BY seq`)).toEqual([
      { ts: Date.parse(TS[1]), returned_asset_ids: ['a1', 'a2'], scores: [0.9, 0.4], latency_ms: 120, extra: '{"ui_variant":"B"}' },
      { ts: Date.parse(TS[2]), returned_asset_ids: [], scores: [], latency_ms: null, extra: null },
    ]);
  });
});

describe('rows that break a rule', () => {
  const strings = ['type', 'ts', 'session_id', 'retrieval_id', 'returned_asset_ids', 'latency_ms'];
  const rows: (string | null)[][] = [
    ['retrieval', TS[0], null, 'r1', null, null],
    ['retrieval', TS[0], 's1', 'r2', 'a1,a2', null],
    ['retrieval', TS[0], 's1', 'r3', null, 'fast'],
    ['retrieval', TS[0], 's1', 'r4', null, null],
    ['banana', TS[0], 's1', null, null, null],
    ['prompt', 'yesterday', 's1', null, null, null],
    ['retrieval', TS[0], 's1', 'r4', null, null],
  ];
  const bytes = () =>
    new Uint8Array(parquetWriteBuffer({
      columnData: strings.map((name, c) => ({ name, data: rows.map((row) => row[c]), type: 'STRING' as const })),
      rowGroupSize: 3,
    }));

  it('are rejected rows with their row number, reason and JSON text; the rest load', async () => {
    const [result] = await load(parquetFile('bad.parquet', bytes()));
    expect(result).toMatchObject({ error: null, events: 1, rejected: 6 });
    const rejected = await run(engine, 'SELECT file, line, reason, field, raw FROM rejected ORDER BY line', { line: 'number', reason: 'string', field: 'string', raw: 'string' });
    expect(rejected.map(({ line, reason, field }) => [line, reason, field])).toEqual([
      [1, 'missing_field', 'session_id'],
      [2, 'wrong_type', 'returned_asset_ids'],
      [3, 'wrong_type', 'latency_ms'],
      [5, 'unknown_type', 'type'],
      [6, 'bad_ts', 'ts'],
      [7, 'duplicate_retrieval_id', 'retrieval_id'],
    ]);
    expect(rejected[1]).toMatchObject({
      file: 'bad.parquet',
      raw: JSON.stringify({ type: 'retrieval', ts: TS[0], session_id: 's1', retrieval_id: 'r2', returned_asset_ids: 'a1,a2' }),
    });
  });
});

describe('a file that is not Parquet', () => {
  it.each([
    ['JSON Lines named .parquet', 'logs.parquet', new TextEncoder().encode(`${JSON.stringify(EVENTS[0])}\n`), /^not a Parquet file/],
    ['a Parquet file cut short', 'cut.parquet', eventsParquet('SNAPPY').subarray(0, 300), /^the Parquet file is cut short: it does not end with "PAR1"/],
    ['Parquet named .jsonl', 'logs.jsonl', eventsParquet('SNAPPY'), /^not a text file: a Parquet file \(name it \.parquet to load it\)$/],
  ])('%s: one file-level error and no rows', async (_what, name, content, error) => {
    const [result] = await load(parquetFile(name, content));
    expect(result).toMatchObject({ events: 0, rejected: 0, bytes: content.byteLength });
    expect(result.error).toMatch(error);
  });

  it('a gzipped Parquet file is named as such', async () => {
    const [result] = await load(textInputFile('logs.parquet.gz', gzipSync(eventsParquet('SNAPPY'))));
    expect(result.error).toMatch(/^a gzipped Parquet file/);
  });
});
