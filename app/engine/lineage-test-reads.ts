import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../model/metrics/settings';
import { createDatasetCoordinator } from './dataset-coordinator';
import type { Engine } from './engine';
import { withLineageFacts } from './lineage-facts-table';

/** Runs `work` on the engine the session inspector and the trace read the lineage facts on. */
export type LineageReads = <T>(work: (engine: Engine) => Promise<T>) => Promise<T>;

/**
 * For tests and the benchmark: the lineage screens' reads as the app runs them
 * (queries/lineage.ts), each a job of a dataset coordinator, after the derived tables, on the
 * engine `withLineageFacts` gives for `settings` (the facts built once, then kept). One per state
 * of the data: after a load, take a new one. They carry no dataset version, so every statement
 * reaches the engine: a test's reference query is never answered with the rows it checks.
 */
export function lineageReads(engine: Engine, settings: MetricSettings = DEFAULT_METRIC_SETTINGS): LineageReads {
  const coordinator = createDatasetCoordinator(engine);
  return (work) => coordinator.read(async (job) => work(await withLineageFacts(job, settings)), { prepared: true });
}
