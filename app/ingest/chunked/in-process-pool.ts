import { createChunkHandler } from './chunk-handler';
import type { ChunkRequester, ChunkWorkers } from './chunk-pool';
import type { FromChunkWorker } from './chunk-protocol';

/**
 * The chunk workers' own code run in this process (tests, Node): one handler per "worker",
 * answered in turn. `discarded` counts the workers the parallel ingest gave up on.
 */
export function inProcessPool(size: number): ChunkWorkers & { discarded: number } {
  const workers: ChunkRequester[] = Array.from({ length: size }, () => {
    let answer: (message: FromChunkWorker) => void = () => undefined;
    const handle = createChunkHandler((message) => answer(message));
    return {
      request: <K extends FromChunkWorker['kind']>(message: Parameters<typeof handle>[0]) =>
        new Promise<Extract<FromChunkWorker, { kind: K }>>((resolve) => {
          answer = (reply) => resolve(reply as Extract<FromChunkWorker, { kind: K }>);
          setTimeout(() => handle(message), 0);
        }),
    };
  });
  return { discarded: 0, take: () => [...workers], discard() { this.discarded++; } };
}
