import type { PairedStatisticsRunner } from '../engine/compare-report';
import { workerCall } from '../lib/worker-call';
import { pairedStatisticsInGroups } from '../model/compare/paired-statistics';
import type { PairedStatistic } from '../model/compare/types';

/** Workers the statistics may use: one per core, the page's own thread and the engine's being idle while they run. */
const STATISTICS_WORKERS = Math.max(1, Math.min(4, globalThis.navigator?.hardwareConcurrency ?? 2));

const workers = Array.from({ length: STATISTICS_WORKERS }, () =>
  workerCall<number[][], PairedStatistic[]>(
    () => new Worker(new URL('./paired-statistics.worker.ts', import.meta.url), { type: 'module' }),
    'the statistics worker failed',
  ),
);

/**
 * `pairedStatistics` in shared workers, so that a comparison of many queries never freezes the
 * page: the metrics' columns split among the workers (the same numbers as in one).
 */
export const pairedStatisticsOffThread: PairedStatisticsRunner = (columns) => pairedStatisticsInGroups(columns, workers);
