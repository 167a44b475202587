import { browserWorkerEndpoint } from '../../lib/worker-endpoints';
import { WorkerPeer } from '../../lib/worker-rpc';
import type { ChunkProtocol } from './chunk-protocol';

/** A parsing worker as the parallel ingest uses it: it calls the worker's `parse` and `settle`. */
export type ChunkRequester = Pick<WorkerPeer<ChunkProtocol>, 'call'>;

/** The workers a file is parsed by. */
export interface ChunkWorkers {
  take(): ChunkRequester[];
  /** After a cancelled or failed file: the workers may be busy with chunks nobody waits for. */
  discard(): void;
}

/** A parsing worker's failure, as the file's error says it. */
export const CHUNK_WORKER_FAILURE = 'a parsing worker failed';

const chunkWorker = () =>
  new WorkerPeer<ChunkProtocol>(browserWorkerEndpoint(new Worker(new URL('./chunk.worker.ts', import.meta.url), { type: 'module' })), CHUNK_WORKER_FAILURE);

/** A worker per core (at least two), made on first use and kept between files. */
export class ChunkPool implements ChunkWorkers {
  private workers: WorkerPeer<ChunkProtocol>[] | null = null;

  get size(): number {
    return Math.max(2, navigator.hardwareConcurrency || 2);
  }

  take(): ChunkRequester[] {
    this.workers ??= Array.from({ length: this.size }, chunkWorker);
    return [...this.workers];
  }

  discard(): void {
    for (const worker of this.workers ?? []) void worker.terminate();
    this.workers = null;
  }
}
