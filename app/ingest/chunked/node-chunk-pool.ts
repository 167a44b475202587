import { existsSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { nodeThreadEndpoint } from '../../lib/worker-endpoints';
import { WorkerPeer } from '../../lib/worker-rpc';
import { CHUNK_WORKER_FAILURE, type ChunkRequester, type ChunkWorkers } from './chunk-pool';
import type { ChunkProtocol } from './chunk-protocol';

/**
 * The command line's parsing workers: a thread per core (at least two) running
 * node-chunk.worker.ts (bundled), made on first use and kept between files; `close` ends them
 * (they would keep the process alive).
 */
export class NodeChunkPool implements ChunkWorkers {
  private workers: WorkerPeer<ChunkProtocol>[] | null = null;

  constructor(
    private readonly script: string,
    readonly size = Math.max(2, os.availableParallelism()),
  ) {}

  /** The pool over a bundled worker script, or null where there is none (the sources run unbundled). */
  static at(script: string): NodeChunkPool | null {
    return existsSync(script) ? new NodeChunkPool(script) : null;
  }

  take(): ChunkRequester[] {
    this.workers ??= Array.from({ length: this.size }, () => new WorkerPeer<ChunkProtocol>(nodeThreadEndpoint(new Worker(this.script)), CHUNK_WORKER_FAILURE));
    return [...this.workers];
  }

  discard(): void {
    void this.close();
  }

  async close(): Promise<void> {
    const workers = this.workers ?? [];
    this.workers = null;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
