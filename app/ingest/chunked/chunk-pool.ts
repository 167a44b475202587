import type { FromChunkWorker, ToChunkWorker } from './chunk-protocol';

/** A parsing worker as the parallel ingest uses it: each request gets exactly one answer. */
export interface ChunkRequester {
  request<K extends FromChunkWorker['kind']>(message: ToChunkWorker, transfer?: Transferable[]): Promise<Extract<FromChunkWorker, { kind: K }>>;
}

/** The workers a file is parsed by. */
export interface ChunkWorkers {
  take(): ChunkRequester[];
  /** After a cancelled or failed file: the workers may be busy with chunks nobody waits for. */
  discard(): void;
}

/** One chunk worker: each request gets exactly one answer. */
export class ChunkWorker implements ChunkRequester {
  private readonly worker = new Worker(new URL('./chunk.worker.ts', import.meta.url), { type: 'module' });

  request<K extends FromChunkWorker['kind']>(message: ToChunkWorker, transfer: Transferable[] = []): Promise<Extract<FromChunkWorker, { kind: K }>> {
    return new Promise((resolve, reject) => {
      this.worker.onmessage = (event: MessageEvent<FromChunkWorker>) => resolve(event.data as Extract<FromChunkWorker, { kind: K }>);
      this.worker.onerror = (event) => reject(new Error(`a parsing worker failed: ${event.message}`));
      this.worker.postMessage(message, transfer);
    });
  }

  terminate(): void {
    this.worker.terminate();
  }
}

/** A worker per core (at least two), made on first use and kept between files. */
export class ChunkPool implements ChunkWorkers {
  private workers: ChunkWorker[] | null = null;

  get size(): number {
    return Math.max(2, navigator.hardwareConcurrency || 2);
  }

  take(): ChunkWorker[] {
    this.workers ??= Array.from({ length: this.size }, () => new ChunkWorker());
    return [...this.workers];
  }

  discard(): void {
    for (const worker of this.workers ?? []) worker.terminate();
    this.workers = null;
  }
}
