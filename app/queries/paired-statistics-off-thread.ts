import type { PairedStatisticsRunner } from '../engine/compare-report';
import { workerCall } from '../lib/worker-call';
import type { PairedStatistic } from '../model/compare/types';

/** `pairedStatistics` in a shared worker, so that a comparison of many queries never freezes the page. */
export const pairedStatisticsOffThread: PairedStatisticsRunner = workerCall<number[][], PairedStatistic[]>(
  () => new Worker(new URL('./paired-statistics.worker.ts', import.meta.url), { type: 'module' }),
  'the statistics worker failed',
);
