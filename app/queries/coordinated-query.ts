import type { QueryFunctionContext } from '@tanstack/react-query';
import type { Priority } from '../engine/coordinator/job-queue';
import type { ReadJob } from '../engine/coordinator/query-coordinator';
import { datasetCoordinator } from '../engine/dataset-coordinator';
import { requireEngine, type DatasetRef } from './dataset-key';

const PRIORITIES: readonly Priority[] = ['interactive', 'prefetch', 'background'];

/** The option of a query that reads tables derived from the data (action_lineage, retrieval_base, …). */
export const READS_DERIVED_TABLES = { readsDerivedTables: true };

/**
 * A query function whose work the engine's coordinator runs as one job: its statements are
 * answered from the coordinator's result cache where this dataset version ran them before, and
 * it is dropped if TanStack aborts it before it starts (a superseded key, an unmounted screen).
 * `readsDerivedTables` runs it after the version's derived tables are current. A query without
 * `meta.priority` is what the user is looking at; `meta: { priority: 'prefetch' }` (or
 * 'background') makes it wait for those.
 */
export function coordinatedQueryFn<T>(dataset: DatasetRef, work: (job: ReadJob) => Promise<T>, { readsDerivedTables = false } = {}) {
  return ({ signal, meta }: QueryFunctionContext): Promise<T> =>
    datasetCoordinator(requireEngine(dataset)).read(work, {
      priority: PRIORITIES.find((name) => name === meta?.priority) ?? 'interactive',
      signal,
      datasetVersion: dataset.version,
      prepared: readsDerivedTables,
    });
}
