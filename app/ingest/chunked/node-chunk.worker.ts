import { parentPort } from 'node:worker_threads';
import type { ToChunkWorker } from './chunk-protocol';
import { createChunkHandler } from './chunk-handler';

// The command line's chunk worker (worker_threads): the browser's chunk.worker.ts, over a message port.
const port = parentPort!;
const handle = createChunkHandler((message, transfer) => port.postMessage(message, transfer as Parameters<typeof port.postMessage>[1]));

port.on('message', (message: ToChunkWorker) => handle(message));
