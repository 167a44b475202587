import type { MetricSettings } from '../model/metrics/settings';
import { materialization } from './coordinator/materialization';
import type { ReadJob } from './coordinator/query-coordinator';
import { bindTable } from './coordinator/table-binding';
import type { Engine } from './engine';
import { RETRIEVAL_FACTS_TABLE, retrievalFactsQuery } from './sql/metrics/retrieval-facts';

/**
 * The engine on which `materialized` metric builders read the facts for `settings`: a table
 * named by those settings, shared by every job of the dataset version that asks for them (the
 * panels, then a cell's drill-down), read under the builders' settings-free name. `base`: a
 * table shaped as `retrieval_base` to read instead (a what-if's lists).
 */
export async function withRetrievalFacts(job: ReadJob, settings: MetricSettings, base?: string): Promise<Engine> {
  const table = await job.materialize(materialization(RETRIEVAL_FACTS_TABLE, retrievalFactsQuery(settings, undefined, base)));
  return bindTable(job.engine, RETRIEVAL_FACTS_TABLE, table);
}
