import { parentPort } from 'node:worker_threads';
import { nodeThreadEndpoint } from '../../lib/worker-endpoints';
import { WorkerPeer } from '../../lib/worker-rpc';
import type { ChunkProtocol } from './chunk-protocol';
import { chunkHandlers } from './chunk-handler';

// The command line's chunk worker (worker_threads): the browser's chunk.worker.ts, over a message port.
new WorkerPeer<Record<never, never>, ChunkProtocol>(nodeThreadEndpoint(parentPort!), 'the command line').serve(chunkHandlers());
