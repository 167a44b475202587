/// <reference lib="webworker" />
import type { ToChunkWorker } from './chunk-protocol';
import { createChunkHandler } from './chunk-handler';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = createChunkHandler((message, transfer) => scope.postMessage(message, transfer));

scope.onmessage = (event: MessageEvent<ToChunkWorker>) => handle(event.data);
