import { existsSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ChunkRequester, ChunkWorkers } from './chunk-pool';
import type { FromChunkWorker, ToChunkWorker } from './chunk-protocol';

/** One chunk worker on a Node thread (node-chunk.worker.ts, bundled): each request gets exactly one answer. */
class NodeChunkWorker implements ChunkRequester {
  private readonly worker: Worker;

  constructor(script: string) {
    this.worker = new Worker(script);
  }

  request<K extends FromChunkWorker['kind']>(message: ToChunkWorker, transfer: Transferable[] = []): Promise<Extract<FromChunkWorker, { kind: K }>> {
    return new Promise((resolve, reject) => {
      const answered = (reply: FromChunkWorker) => {
        this.worker.off('error', failed);
        resolve(reply as Extract<FromChunkWorker, { kind: K }>);
      };
      const failed = (error: Error) => {
        this.worker.off('message', answered);
        reject(new Error(`a parsing worker failed: ${error.message}`));
      };
      this.worker.once('message', answered);
      this.worker.once('error', failed);
      this.worker.postMessage(message, transfer as Parameters<Worker['postMessage']>[1]);
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * The command line's parsing workers: a thread per core (at least two), made on first use and
 * kept between files; `close` ends them (they would keep the process alive).
 */
export class NodeChunkPool implements ChunkWorkers {
  private workers: NodeChunkWorker[] | null = null;

  constructor(
    private readonly script: string,
    readonly size = Math.max(2, os.availableParallelism()),
  ) {}

  /** The pool over a bundled worker script, or null where there is none (the sources run unbundled). */
  static at(script: string): NodeChunkPool | null {
    return existsSync(script) ? new NodeChunkPool(script) : null;
  }

  take(): NodeChunkWorker[] {
    this.workers ??= Array.from({ length: this.size }, () => new NodeChunkWorker(this.script));
    return [...this.workers];
  }

  discard(): void {
    const workers = this.workers ?? [];
    this.workers = null;
    for (const worker of workers) void worker.terminate();
  }

  async close(): Promise<void> {
    const workers = this.workers ?? [];
    this.workers = null;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
