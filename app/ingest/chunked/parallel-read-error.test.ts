import { describe, expect, it } from 'vitest';
import { rowsOfIPC } from '../../engine/arrow-rows';
import { ingestFile } from '../ingest-file';
import { textInputFile } from '../text-input';
import { inProcessPool } from './in-process-pool';
import { ingestInParallel } from './ingest-parallel';
import { blobSource } from '../parquet/random-access';

type Rows = Record<string, Record<string, unknown>[]>;
const NAME = 'big.jsonl';

/**
 * A picked file that cannot be read around byte `failAt` (a bad disk sector, a file replaced on
 * disk): the chunk read that holds that byte fails. Finding the line ends (reads of 64 KB, or to
 * the file's end, all longer than this file's chunks) still works, so the failure comes mid-load.
 */
function fileFailingAt(bytes: Uint8Array, failAt: number): Blob {
  return {
    size: bytes.byteLength,
    slice: (start: number, end: number) => ({
      arrayBuffer: async () => {
        if (start <= failAt && failAt < end && end - start < 10_000) throw new DOMException('the file could not be read', 'NotReadableError');
        return bytes.slice(start, end).buffer;
      },
    }),
  } as unknown as Blob;
}

const line = (n: number) =>
  n % 50 === 7 ? '{"type": "prompt", broken' : JSON.stringify({ type: 'prompt', ts: '2026-09-03T02:00:00.000Z', session_id: `s-${n % 9}`, text: `question ${n}` });
const LINES = Array.from({ length: 600 }, (_, n) => line(n));
const BYTES = new TextEncoder().encode(`${LINES.join('\n')}\n`);

async function parallel(file: Blob) {
  const rows: Rows = {};
  const pool = inProcessPool(2);
  const result = await ingestInParallel({
    fileId: 2, fileName: NAME, file: blobSource(file), pool, chunkBytes: 4_000, seqStart: 10, seenRetrievalIds: new Set(),
    target: { insert: async (table, ipc) => void (rows[table] ??= []).push(...rowsOfIPC(ipc)) },
  });
  return { rows, result, pool };
}

describe('the parallel ingest of a picked JSON Lines file', () => {
  it('stores what the single-worker path stores, when the file reads to its end', async () => {
    const single: Rows = {};
    const whole = await ingestFile({
      fileId: 2, fileName: NAME, stream: textInputFile(NAME, BYTES, 4096).stream(), totalBytes: BYTES.byteLength, seqStart: 10, seenRetrievalIds: new Set(),
      target: { insert: async (table, ipc) => void (single[table] ??= []).push(...rowsOfIPC(ipc)) },
    });
    const { rows, result } = await parallel(fileFailingAt(BYTES, Infinity));
    expect(result.error).toBeNull();
    expect(result.events).toBe(588);
    expect(result.rejected).toBe(12);
    expect({ ...result, retrievalIds: [] }).toEqual({ ...whole, retrievalIds: [] });
    expect(rows).toEqual(single);
  });

  it('records a read error on the file and keeps the lines read before it, as the single-worker path does', async () => {
    const failAt = Math.floor(BYTES.byteLength * 0.6);
    const { rows, result, pool } = await parallel(fileFailingAt(BYTES, failAt));
    expect(result.error).toBe('could not read the file: the file could not be read');
    expect(pool.discarded).toBe(0);
    // Whole chunks before the failing read are stored, in order and with their own line numbers.
    const stored = [...rows.events_prompt.map((row) => row.line as number), ...rows.rejected.map((row) => row.line as number)].sort((a, b) => a - b);
    const storedCount = stored.length;
    expect(storedCount).toBeGreaterThan(100);
    expect(stored).toEqual(Array.from({ length: storedCount }, (_, i) => i + 1));
    const lastStoredEnd = LINES.slice(0, storedCount).join('\n').length + 1;
    expect(lastStoredEnd).toBeLessThanOrEqual(failAt);
    expect(lastStoredEnd).toBeGreaterThan(failAt - 4_500);
    expect(result.events + result.rejected).toBe(storedCount);
    expect(rows.events_prompt.map((row) => row.seq)).toEqual(Array.from({ length: result.events }, (_, i) => 10 + i));
    expect(rows.rejected.map((row) => row.line)).toEqual(stored.filter((n) => (n - 1) % 50 === 7));
  });

  it('records a file that cannot be read at all, with no rows', async () => {
    const { rows, result } = await parallel(fileFailingAt(BYTES, 0));
    expect(result).toMatchObject({ error: 'could not read the file: the file could not be read', events: 0, rejected: 0 });
    expect(rows).toEqual({});
  });
});
