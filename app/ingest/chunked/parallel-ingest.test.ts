import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchToIPC } from '../../engine/arrow-batch';
import { rowsOfIPC } from '../../engine/arrow-rows';
import { ingestFile, type FileIngestResult } from '../ingest-file';
import { sampleLogPath } from '../sample-logs-path';
import { buildSdkTraces } from '../otlp/sdk-fixture';
import { textInputFile } from '../text-input';
import { countNewlines, planChunks } from './chunk-plan';
import { ChunkMerge, shiftSeq } from './chunk-merge';
import { ingestChunk, type ChunkOutput } from './ingest-chunk';

type Rows = Record<string, Record<string, unknown>[]>;
const FILE_ID = 3;
const NAME = 'mixed.jsonl';
const SEQ_START = 1000;

function addRows(rows: Rows, table: string, ipc: Uint8Array) {
  (rows[table] ??= []).push(...rowsOfIPC(ipc));
}

/** The single-worker path: ingest-file.ts over the whole file. */
async function readWhole(bytes: Uint8Array, earlierIds: string[]) {
  const rows: Rows = {};
  const result = await ingestFile({
    fileId: FILE_ID, fileName: NAME, stream: textInputFile(NAME, bytes, 4096).stream(), totalBytes: bytes.byteLength, seqStart: SEQ_START,
    seenRetrievalIds: new Set(earlierIds), target: { insert: async (table, ipc) => addRows(rows, table, ipc) }, batchRows: 50,
  });
  return { rows, result };
}

/** The parallel path as the ingest worker runs it, without workers: cut, count lines, parse each chunk alone, merge in order. */
async function readInChunks(bytes: Uint8Array, chunkBytes: number, earlierIds: string[]) {
  const ranges = await planChunks(async (start, end) => bytes.subarray(start, end), bytes.byteLength, chunkBytes);
  const lineOffsets: number[] = [];
  let lines = 0;
  for (const range of ranges) {
    lineOffsets.push(lines);
    lines += countNewlines(bytes.subarray(range.start, range.end));
  }
  const parse = (index: number, seqStart = 0, seen: string[] = [], otlpStart?: ChunkOutput['otlp']) =>
    ingestChunk({
      bytes: bytes.subarray(ranges[index].start, ranges[index].end), first: index === 0, fileId: FILE_ID, fileName: NAME,
      lineOffset: lineOffsets[index], seqStart, seenRetrievalIds: new Set(seen), otlpStart, batchRows: 50,
    });
  const alone = ranges.map((_, index) => parse(index));
  const merge = new ChunkMerge(SEQ_START, new Set(earlierIds));
  const rows: Rows = {};
  let parsedAgain = 0;
  const totals = { events: 0, rejected: 0, blankLines: 0 };
  const retrievalIds: string[] = [];
  for (const [index, output] of alone.entries()) {
    const settlement = merge.settle(output);
    let final = output;
    if (settlement.kind === 'shift') shiftSeq(output.batches, settlement.seqShift);
    else {
      parsedAgain++;
      final = parse(index, settlement.seqStart, settlement.seenRetrievalIds, settlement.otlpStart);
    }
    merge.accept(final);
    retrievalIds.push(...final.retrievalIds);
    for (const { table, batch } of final.batches) addRows(rows, table, batchToIPC(batch));
    totals.events += final.events;
    totals.rejected += final.rejected;
    totals.blankLines += final.blankLines;
  }
  return { rows, ranges, parsedAgain, totals, retrievalIds };
}

const retrieval = (id: string, n: number) =>
  JSON.stringify({ type: 'retrieval', ts: `2026-09-03T02:00:${String(n % 60).padStart(2, '0')}.000Z`, session_id: `s-${n % 7}`, retrieval_id: id, query: `question ${n} ${'é✓'.repeat(n % 3)}`, returned_asset_ids: ['a1', 'a2'], scores: [0.9, 0.5] });
const action = (n: number) => JSON.stringify({ type: 'action', ts: '2026-09-03T02:00:00.000Z', session_id: `s-${n % 7}`, event_id: n % 2 ? `act-${n}` : undefined, kind: 'tool_call', name: 'search' });

let otlpLines: string[];
beforeAll(async () => {
  otlpLines = (await buildSdkTraces()).jsonLines.split('\n').filter((line) => line !== '');
}, 60_000);

/** Every case the issue names: bad lines, repeated retrieval ids across cuts, CRLF, blank lines, a BOM, a line longer than a chunk, OTLP documents. */
function mixedFile(): Uint8Array {
  const lines: string[] = [];
  for (let n = 0; n < 400; n++) {
    lines.push(n % 3 === 0 ? retrieval(`r-${n}`, n) : action(n));
    if (n % 37 === 5) lines.push('{"type":"retrieval", not json');
    if (n % 41 === 7) lines.push('');
    if (n % 43 === 9) lines.push('   \r');
    if (n % 53 === 11) lines.push(JSON.stringify({ type: 'nonsense' }));
    if (n % 61 === 13) lines.push(retrieval(`r-${n - 13 - ((n - 13) % 3)}`, n)); // repeats an id defined 13 to 15 events before, often in an earlier chunk
    if (n === 200) lines.push(retrieval('r-earlier-file', n)); // defined by an earlier file of the load
    if (n === 100) lines.push(JSON.stringify({ type: 'action', session_id: 's-long', kind: 'tool_call', name: 'x'.repeat(9000), ts: '2026-09-03T02:00:00.000Z' }));
    if (n === 150 || n === 300) lines.push(...otlpLines);
  }
  const text = lines.map((line, i) => (i % 5 === 0 ? `${line}\r` : line)).join('\n');
  return new TextEncoder().encode(`\uFEFF${text}\n${retrieval('r-last-no-newline', 1)}`);
}

describe('ingest of a JSON Lines file split into byte ranges', () => {
  let bytes: Uint8Array;
  let whole: Awaited<ReturnType<typeof readWhole>>;
  const earlier = ['r-earlier-file'];
  beforeAll(async () => {
    bytes = mixedFile();
    whole = await readWhole(bytes, earlier);
  });

  it('the single-worker reading finds what the file was built with', () => {
    const { result } = whole;
    expect(result.blankLines).toBeGreaterThan(10);
    expect(result.rejected).toBeGreaterThan(20);
    // n = 13, 74, 135, 196, 257, 318, 379 repeat an id, and one line repeats the earlier file's (the OTLP block, given twice, repeats its own)
    const repeats = whole.rows.rejected.filter((row) => row.reason === 'duplicate_retrieval_id').map((row) => row.message as string);
    expect(repeats.filter((message) => message.includes('"r-')).length).toBe(8);
    expect(repeats.length).toBeGreaterThan(8);
    expect(result.spans).not.toEqual({});
    expect(whole.rows.events_retrieval[0].line).toBe(1); // the BOM is not part of the first line
  });

  it.each([700, 2_000, 5_000, 20_000, 10_000_000])('chunks of %i bytes give the same rows, line numbers and counts', async (chunkBytes) => {
    const chunked = await readInChunks(bytes, chunkBytes, earlier);
    const result: FileIngestResult = whole.result;
    if (chunkBytes < 5_000) expect(chunked.ranges.length).toBeGreaterThan(20);
    for (const range of chunked.ranges.slice(1)) expect(bytes[range.start - 1]).toBe(0x0a);
    expect(Object.keys(chunked.rows).sort()).toEqual(Object.keys(whole.rows).sort());
    for (const table of Object.keys(whole.rows)) expect(chunked.rows[table]).toEqual(whole.rows[table]);
    expect(chunked.totals).toEqual({ events: result.events, rejected: result.rejected, blankLines: result.blankLines });
    expect(chunked.retrievalIds).toEqual(result.retrievalIds);
    if (chunkBytes === 700) expect(chunked.parsedAgain).toBeGreaterThan(0);
  });

  it('a sample log read in 64 KB chunks matches its single reading', async () => {
    const sample = new Uint8Array(readFileSync(sampleLogPath('malformed.jsonl')));
    const single = await readWhole(sample, []);
    const chunked = await readInChunks(sample, 500, []);
    for (const table of Object.keys(single.rows)) expect(chunked.rows[table]).toEqual(single.rows[table]);
    expect(chunked.totals.rejected).toBe(single.result.rejected);
  });
});
