import type { FileIngestResult, IngestFileOptions } from '../ingest-file';
import { detectFormat } from '../file-format';
import { notTextReason, SNIFF_BYTES } from '../text-sniff';
import { ChunkMerge } from './chunk-merge';
import { countNewlines, planChunks, type ReadRange } from './chunk-plan';
import type { ChunkPool, ChunkWorker } from './chunk-pool';
import type { ChunkSummary } from './chunk-protocol';

/** Below this a file loads faster in one worker than it takes to start and feed several. */
export const PARALLEL_MIN_BYTES = 4 * 1024 * 1024;
const BATCH_ROWS = 20_000;

const readBlob = (file: Blob): ReadRange => async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer());

/** Plain (not gzip) JSON Lines text of some size: the one kind split across workers. */
export async function splitsAcrossWorkers(file: File): Promise<boolean> {
  if (file.size < PARALLEL_MIN_BYTES || detectFormat(file.name).format !== 'jsonl') return false;
  const head = await readBlob(file)(0, SNIFF_BYTES);
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  return !gzip && notTextReason(head, false) === null;
}

export type ParallelIngestOptions = Omit<IngestFileOptions, 'stream' | 'source' | 'totalBytes' | 'encodedFileBytes' | 'batchRows'> & { file: File; pool: ChunkPool };

interface Launched {
  worker: ChunkWorker;
  end: number;
  parsed: Promise<{ summary: ChunkSummary }>;
}

interface Settling {
  worker: ChunkWorker;
  end: number;
  batches: Promise<{ summary: ChunkSummary; batches: { table: string; ipc: Uint8Array }[] }>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((done, fail) => ((resolve = done), (reject = fail)));
  return { promise, resolve, reject };
}

function add(into: Record<string, number>, from: Record<string, number>) {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n;
}

/**
 * A JSON Lines file cut into byte ranges at line ends, parsed by a pool of workers, and stored
 * chunk by chunk in file order: the same rows, seq, rejected rows and line numbers as ingestFile.
 */
export async function ingestInParallel(options: ParallelIngestOptions): Promise<FileIngestResult> {
  const { fileId, fileName, file, pool, signal } = options;
  const started = Date.now();
  const workers = pool.take();
  const read = readBlob(file);
  // Small enough that the chunks parsed ahead of the one being stored stay a small part of the file.
  const chunkBytes = Math.min(8 << 20, Math.max(2 << 20, Math.ceil(file.size / (workers.length * 4))));
  const ranges = await planChunks(read, file.size, chunkBytes);
  const result: FileIngestResult = {
    fileId, fileName, bytes: file.size, textBytes: null, events: 0, rejected: 0, blankLines: 0, countsByType: {}, spans: {}, retrievalIds: [], error: null,
  };
  const merge = new ChunkMerge(options.seqStart, options.seenRetrievalIds);
  const launched = ranges.map(() => deferred<Launched>());
  const settled = ranges.map(() => deferred<Settling>());
  const free = [...workers];
  let next = 0;
  let lineOffset = 0;
  // Chunks are read and their lines counted here, in order, so that each knows its first line number.
  let launching = Promise.resolve();
  const launch = () =>
    (launching = launching.then(async () => {
      try {
        await launchOnFreeWorkers();
      } catch (error) {
        launched[next].reject(error as Error);
      }
    }));
  const launchOnFreeWorkers = async () => {
    while (next < ranges.length && free.length > 0) {
      const worker = free.shift()!;
      const { start, end } = ranges[next];
      const bytes = await read(start, end);
      const lines = countNewlines(bytes);
      const parsed = worker.request<'parsed'>({ kind: 'parse', bytes, first: next === 0, fileId, fileName, lineOffset, batchRows: BATCH_ROWS }, [bytes.buffer]);
      launched[next].resolve({ worker, end, parsed });
      lineOffset += lines;
      next++;
    }
  };
  // A chunk is settled as soon as the one before is (its rows encoded while earlier ones are stored).
  const settle = async () => {
    for (const [index, chunk] of launched.entries()) {
      const { worker, end, parsed } = await chunk.promise;
      const { summary } = await parsed;
      if (signal?.aborted) throw new DOMException('The load was cancelled', 'AbortError');
      const settlement = merge.settle(summary);
      const batches = worker.request<'settled'>({ kind: 'settle', settlement });
      merge.accept(settlement.kind === 'shift' ? summary : (await batches).summary);
      settled[index].resolve({ worker, end, batches });
    }
  };
  const store = async () => {
    for (const chunk of settled) {
      const { worker, end, batches } = await chunk.promise;
      const { summary, batches: ipcs } = await batches;
      if (signal?.aborted) throw new DOMException('The load was cancelled', 'AbortError');
      free.push(worker);
      void launch();
      for (const { table, ipc } of ipcs) await options.target.insert(table, ipc);
      result.events += summary.events;
      result.rejected += summary.rejected;
      result.blankLines += summary.blankLines;
      add(result.countsByType, summary.countsByType);
      add(result.spans, summary.spans);
      options.onProgress?.({ fileName, bytesRead: end, totalBytes: file.size, events: result.events, rejected: result.rejected, elapsedMs: Date.now() - started });
    }
  };
  try {
    void launch();
    await Promise.all([settle(), store(), launching]);
  } catch (error) {
    pool.discard();
    for (const id of merge.retrievalIds) options.seenRetrievalIds.delete(id);
    throw error;
  }
  result.retrievalIds = merge.retrievalIds;
  return result;
}
