import { workerScopeEndpoint } from '../../lib/worker-endpoints';
import { WorkerPeer } from '../../lib/worker-rpc';
import type { ChunkProtocol } from './chunk-protocol';
import { chunkHandlers } from './chunk-handler';

new WorkerPeer<Record<never, never>, ChunkProtocol>(workerScopeEndpoint(), 'the ingest worker').serve(chunkHandlers());
