import { linkedEndpoints } from '../../lib/worker-endpoints';
import { WorkerPeer } from '../../lib/worker-rpc';
import { chunkHandlers } from './chunk-handler';
import { CHUNK_WORKER_FAILURE, type ChunkRequester, type ChunkWorkers } from './chunk-pool';
import type { ChunkProtocol } from './chunk-protocol';

/**
 * The chunk workers' own handlers run in this process (tests), over the same protocol: one
 * handler per "worker". `discarded` counts the workers the parallel ingest gave up on.
 */
export function inProcessPool(size: number): ChunkWorkers & { discarded: number } {
  const workers: ChunkRequester[] = Array.from({ length: size }, () => {
    const [page, worker] = linkedEndpoints();
    new WorkerPeer<Record<never, never>, ChunkProtocol>(worker, 'the page').serve(chunkHandlers());
    return new WorkerPeer<ChunkProtocol>(page, CHUNK_WORKER_FAILURE);
  });
  return { discarded: 0, take: () => [...workers], discard() { this.discarded++; } };
}
