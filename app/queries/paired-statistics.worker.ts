import { serveWorkerCalls } from '../lib/worker-call';
import { pairedStatistics } from '../model/compare/paired-statistics';

// The bootstrap and the randomization test of thousands of paired queries take seconds: here, not on the page.
serveWorkerCalls((columns: number[][]) => pairedStatistics(columns));
