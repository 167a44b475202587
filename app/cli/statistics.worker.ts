import { parentPort } from 'node:worker_threads';
import { serveWorkerCalls } from '../lib/worker-call';
import { nodeThreadEndpoint } from '../lib/worker-endpoints';
import { pairedStatistics } from '../model/compare/paired-statistics';

// The command line's statistics thread: the page's paired-statistics.worker.ts, over a message port.
serveWorkerCalls((columns: number[][]) => pairedStatistics(columns), nodeThreadEndpoint(parentPort!));
