import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ipcBatches, type BuiltBatch } from '../engine/arrow-batch';
import { BROKEN_CASES, asset } from './broken-input-cases';
import { GroupBatches } from './group-batches';
import { ingestFile, type FileIngestResult } from './ingest-file';
import { GOOD_SAMPLE_LOGS, sampleLogPath } from './sample-logs-path';
import { SNIFF_BYTES } from './text-sniff';

/**
 * A small file read whole (the browser's ingest worker, small-file-group.ts) skips the streams and
 * writes into its group's builders: it must come to what the same bytes give as a stream.
 */

const oneChunk = (bytes: Uint8Array) => new ReadableStream<Uint8Array>({ start: (controller) => (bytes.byteLength > 0 && controller.enqueue(bytes), controller.close()) });

type Rows = Record<string, unknown[]>;

function rowsOf(tables: { table: string; batch: BuiltBatch }[]): Rows {
  const rows: Rows = {};
  for (const { table, batch } of tables) {
    for (const row of batch.toArray()) (rows[table] ??= []).push(JSON.parse(JSON.stringify(row.toJSON(), (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))));
  }
  return rows;
}

const common = (name: string, bytes: Uint8Array) => ({ fileId: 3, fileName: name, totalBytes: bytes.byteLength, seqStart: 100 });

async function asStream(name: string, bytes: Uint8Array): Promise<{ result: FileIngestResult; rows: Rows }> {
  const tables: { table: string; batch: BuiltBatch }[] = [];
  const result = await ingestFile({
    ...common(name, bytes), stream: oneChunk(bytes), seenRetrievalIds: new Set(),
    target: { insert: async (table, ipc) => void tables.push(...ipcBatches(ipc).map((batch) => ({ table, batch }))) },
  });
  return { result, rows: rowsOf(tables) };
}

async function whole(name: string, bytes: Uint8Array): Promise<{ result: FileIngestResult; rows: Rows }> {
  const group = new GroupBatches();
  const made: { table: string; batch: BuiltBatch }[] = [];
  const result = await ingestFile({
    ...common(name, bytes), bytes, stream: oneChunk(bytes), seenRetrievalIds: new Set(), group, batchRows: 16,
    target: { insert: async (table, ipc) => void made.push(...ipcBatches(ipc).map((batch) => ({ table, batch }))), insertBatch: async (table, batch) => void made.push({ table, batch }) },
  });
  group.keepFile();
  return { result, rows: rowsOf([...group.take(), ...made]) };
}

const OTLP_FIXTURES = path.resolve(import.meta.dirname, 'otlp/fixtures');

const utf8 = (text: string) => new TextEncoder().encode(text);
/** JSON Lines of exactly `bytes` bytes: assets, the last one padded. */
function sized(bytes: number): Uint8Array {
  const lines: string[] = [];
  let length = 0;
  while (length < bytes - 200) {
    const line = `${asset(`a${lines.length}`)}\n`;
    lines.push(line);
    length += utf8(line).byteLength;
  }
  const last = `{"type":"asset","asset_id":"last","title":"${'x'.repeat(bytes - length - 46)}"}\n`;
  const out = utf8(lines.join('') + last);
  if (out.byteLength !== bytes) throw new Error(`made ${out.byteLength} bytes, not ${bytes}`);
  return out;
}

const CASES: [name: string, bytes: Uint8Array][] = [
  ...BROKEN_CASES.map((c): [string, Uint8Array] => [c.name, c.bytes]),
  ['empty.jsonl', new Uint8Array(0)],
  ...[SNIFF_BYTES - 1, SNIFF_BYTES, SNIFF_BYTES + 1].map((n): [string, Uint8Array] => [`sized-${n}.jsonl`, sized(n)]),
  ...GOOD_SAMPLE_LOGS.filter((file) => !file.endsWith('.gz')).map((file): [string, Uint8Array] => [path.basename(file), readFileSync(file)]),
  ['malformed.jsonl', readFileSync(sampleLogPath('malformed.jsonl'))],
  ...readdirSync(OTLP_FIXTURES).filter((name) => name.endsWith('.otlp.jsonl')).map((name): [string, Uint8Array] => [name, readFileSync(path.join(OTLP_FIXTURES, name))]),
];

describe('a small file read whole', () => {
  it.each(CASES)('%s: the same counts, errors and rows as its bytes read as a stream', async (name, bytes) => {
    const streamed = await asStream(name, bytes);
    const read = await whole(name, bytes);
    expect(read.result).toEqual(streamed.result);
    expect(read.rows).toEqual(streamed.rows);
  });

  it('reads something in the cases above: events, rejected rows, unmapped spans and a file-level error', async () => {
    const results = await Promise.all(CASES.map(([name, bytes]) => whole(name, bytes)));
    expect(results.reduce((n, { result }) => n + result.events, 0)).toBeGreaterThan(1000);
    expect(results.some(({ rows }) => (rows.rejected?.length ?? 0) > 0)).toBe(true);
    expect(results.some(({ rows }) => (rows.spans?.length ?? 0) > 0)).toBe(true);
    expect(results.some(({ result }) => result.error !== null)).toBe(true);
  });
});
