import type { FileIngestResult, IngestFileOptions } from '../ingest-file';
import { ownValue, setOwn } from '../../schema/own-keys';
import { detectFormat } from '../file-format';
import { readFailure } from '../read-failure';
import { startsLikeGzip } from '../gzip-sniff';
import { notTextReason, SNIFF_BYTES } from '../text-sniff';
import { ChunkMerge } from './chunk-merge';
import { countNewlines, planChunks, type ReadRange } from './chunk-plan';
import type { ChunkRequester, ChunkWorkers } from './chunk-pool';
import type { ChunkSummary } from './chunk-protocol';
import type { RandomAccessSource } from '../parquet/random-access';

/** Below this a file loads faster in one worker than it takes to start and feed several. */
export const PARALLEL_MIN_BYTES = 4 * 1024 * 1024;
const BATCH_ROWS = 20_000;

const rangeReader = (source: RandomAccessSource): ReadRange => async (start, end) => new Uint8Array(await source.slice(start, end));

/** Plain (not gzip) JSON Lines text of some size: the one kind split across workers. */
export async function splitsAcrossWorkers(file: RandomAccessSource, name: string): Promise<boolean> {
  if (file.byteLength < PARALLEL_MIN_BYTES || detectFormat(name).format !== 'jsonl') return false;
  // A file that cannot be read goes the single-worker way, which records why on the file.
  const head = await rangeReader(file)(0, SNIFF_BYTES).catch(() => null);
  if (!head) return false;
  const gzip = startsLikeGzip(head);
  return !gzip && notTextReason(head, false) === null && !holdsTraces(head);
}

/**
 * A file of trace documents is read by one worker, into the load's trace collector: a trace's
 * spans are spread over its lines, and the rules need each trace whole (otlp/trace/).
 */
function holdsTraces(head: Uint8Array): boolean {
  const text = new TextDecoder().decode(head);
  const end = text.indexOf('\n');
  const firstLine = end < 0 ? text : text.slice(0, end);
  // A Phoenix page puts `next_cursor` after its spans, past the head of a long line: its `{"data": [` opens it.
  return /"(resourceSpans|next_cursor)"\s*:/.test(firstLine) || /^\s*\{\s*"data"\s*:\s*\[/.test(firstLine);
}

export type ParallelIngestOptions = Omit<IngestFileOptions, 'stream' | 'source' | 'totalBytes' | 'encodedFileBytes' | 'batchRows'> & {
  /** The file by byte ranges (a Blob in the browser; in Node its own reads: Node 20's openAsBlob gives a size modulo 4 GB). */
  file: RandomAccessSource;
  pool: ChunkWorkers;
  /** How big a chunk to aim for; by default from the file's size and the workers. */
  chunkBytes?: number;
};

/** A chunk the file could not be read for: it and the chunks after it are not stored. */
interface ReadFailure {
  readError: string;
}

type Launched =
  | {
      worker: ChunkRequester;
      end: number;
      parsed: Promise<{ summary: ChunkSummary }>;
    }
  | ReadFailure;

type Settling =
  | {
      end: number;
      batches: Promise<{ summary: ChunkSummary; batches: { table: string; ipc: Uint8Array }[] }>;
    }
  | ReadFailure;

const failedRead = (error: unknown): ReadFailure => ({ readError: readFailure(error) });

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((done, fail) => ((resolve = done), (reject = fail)));
  return { promise, resolve, reject };
}

function add(into: Record<string, number>, from: Record<string, number>) {
  for (const [key, n] of Object.entries(from)) setOwn(into, key, (ownValue(into, key) ?? 0) + n);
}

/**
 * A JSON Lines file cut into byte ranges at line ends, parsed by a pool of workers, and stored
 * chunk by chunk in file order: the same rows, seq, rejected rows and line numbers as ingestFile.
 * Its result lists no retrieval ids: at 100M events they would be 40M strings (they are in `seenRetrievalIds`).
 */
export async function ingestInParallel(options: ParallelIngestOptions): Promise<FileIngestResult> {
  const { fileId, fileName, file, pool, signal } = options;
  const started = Date.now();
  const workers = pool.take();
  const read = rangeReader(file);
  // Small enough that the chunks parsed ahead of the one being stored stay a small part of the file.
  const chunkBytes = options.chunkBytes ?? Math.min(8 << 20, Math.max(2 << 20, Math.ceil(file.byteLength / (workers.length * 4))));
  const result: FileIngestResult = {
    fileId, fileName, bytes: file.byteLength, textBytes: null, events: 0, rejected: 0, blankLines: 0, countsByType: {}, spans: {}, retrievalIds: [], error: null,
  };
  // A read that fails is recorded on the file, as the single-worker path does; the lines before it stay.
  const planned = await planChunks(read, file.byteLength, chunkBytes).catch(failedRead);
  if ('readError' in planned) return { ...result, error: planned.readError };
  const ranges = planned;
  const merge = new ChunkMerge(options.seqStart, options.seenRetrievalIds);
  const launched: (Deferred<Launched> | null)[] = ranges.map(() => deferred<Launched>());
  const settled: (Deferred<Settling> | null)[] = ranges.map(() => deferred<Settling>());
  const free = [...workers];
  // A worker takes its next chunk as soon as it hands over the last one's rows, so parsing goes on
  // while DuckDB stores; at most this many chunks wait, parsed, ahead of the one being stored.
  const ahead = workers.length * 2;
  let stored = 0;
  /** Set once the file failed or was cancelled: no chunk is read or parsed after that. */
  let stopped = false;
  let next = 0;
  let lineOffset = 0;
  // Chunks are read and their lines counted here, in order, so that each knows its first line number.
  let launching = Promise.resolve();
  const launch = () =>
    (launching = launching.then(async () => {
      try {
        await launchOnFreeWorkers();
      } catch (error) {
        launched[next]!.reject(error as Error);
      }
    }));
  const launchOnFreeWorkers = async () => {
    while (!stopped && next < ranges.length && free.length > 0 && next < stored + ahead) {
      const worker = free.shift()!;
      const { start, end } = ranges[next];
      const bytes = await read(start, end).catch(failedRead);
      if ('readError' in bytes) {
        launched[next]!.resolve(bytes);
        next = ranges.length;
        return;
      }
      const lines = countNewlines(bytes);
      const parsed = worker.call('parse', { bytes, first: next === 0, fileId, fileName, lineOffset, batchRows: BATCH_ROWS }, { transfer: [bytes.buffer] });
      // Awaited in file order by settle(); a worker that fails first must not be an unhandled rejection meanwhile (it ends a Node process).
      parsed.catch(() => undefined);
      launched[next]!.resolve({ worker, end, parsed });
      lineOffset += lines;
      next++;
    }
  };
  // A chunk is settled as soon as the one before is (its rows encoded while earlier ones are stored).
  const settle = async () => {
    for (let index = 0; index < launched.length; index++) {
      const chunkLaunched = await launched[index]!.promise;
      // Let go of what each chunk held once it has moved on: a 40 GB file has thousands of chunks.
      launched[index] = null;
      if ('readError' in chunkLaunched) {
        settled[index]!.resolve(chunkLaunched);
        return;
      }
      const { worker, end, parsed } = chunkLaunched;
      const { summary } = await parsed;
      if (signal?.aborted) throw new DOMException('The load was cancelled', 'AbortError');
      const settlement = merge.settle(summary);
      const batches = worker.call('settle', { settlement });
      void batches.then(() => {
        free.push(worker);
        void launch();
      }, () => undefined);
      merge.accept(settlement.kind === 'shift' ? summary : (await batches).summary);
      settled[index]!.resolve({ end, batches });
    }
  };
  const store = async () => {
    for (let index = 0; index < settled.length; index++) {
      const settling = await settled[index]!.promise;
      settled[index] = null;
      if ('readError' in settling) {
        result.error = settling.readError;
        return;
      }
      const { end, batches } = settling;
      const { summary, batches: ipcs } = await batches;
      if (signal?.aborted) throw new DOMException('The load was cancelled', 'AbortError');
      for (const { table, ipc } of ipcs) await options.target.insert(table, ipc);
      stored++;
      void launch();
      result.events += summary.events;
      result.rejected += summary.rejected;
      result.blankLines += summary.blankLines;
      add(result.countsByType, summary.countsByType);
      add(result.spans, summary.spans);
      options.onProgress?.({ fileName, bytesRead: end, totalBytes: file.byteLength, events: result.events, rejected: result.rejected, elapsedMs: Date.now() - started });
    }
  };
  try {
    void launch();
    await Promise.all([settle(), store(), launching]);
  } catch (error) {
    stopped = true;
    pool.discard();
    // The file's ids stay in seenRetrievalIds; the caller forgets them with its rows (LoadState.forgetSince).
    throw error;
  }
  return result;
}
