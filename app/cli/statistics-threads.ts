import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { inPlace, type PairedStatisticsRunner } from '../engine/compare-report';
import { workerCall } from '../lib/worker-call';
import { nodeThreadEndpoint } from '../lib/worker-endpoints';
import { pairedStatisticsInGroups } from '../model/compare/paired-statistics';
import type { PairedStatistic } from '../model/compare/types';

/** Threads the statistics use: one per core, up to four (five metrics split no further usefully). */
export const STATISTICS_THREADS = Math.max(1, Math.min(4, os.availableParallelism()));

/** The bundled statistics thread's script, beside cli.mjs (scripts/build-cli.mjs). */
export const STATISTICS_WORKER_FILE = 'statistics-worker.mjs';

/**
 * Runs `work` with paired statistics computed on a thread per core (up to four), the metrics'
 * columns split among them (the same numbers as in one thread), and ends the threads after.
 * `script`: the bundled worker (default: beside this bundle); without one (the sources run
 * unbundled) the statistics are computed in this thread.
 */
export async function withStatisticsThreads<T>(work: (statistics: PairedStatisticsRunner) => Promise<T>, script = fileURLToPath(new URL(`./${STATISTICS_WORKER_FILE}`, import.meta.url))): Promise<T> {
  if (!existsSync(script)) return work(inPlace);
  const threads = Array.from({ length: STATISTICS_THREADS }, () =>
    workerCall<number[][], PairedStatistic[]>(() => nodeThreadEndpoint(new Worker(script)), 'a statistics thread failed'),
  );
  try {
    return await work((columns) => pairedStatisticsInGroups(columns, threads));
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}
