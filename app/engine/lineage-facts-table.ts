import type { MetricSettings } from '../model/metrics/settings';
import { materialization } from './coordinator/materialization';
import type { ReadJob } from './coordinator/query-coordinator';
import { bindTable } from './coordinator/table-binding';
import type { Engine } from './engine';
import { retrievalDetailsQuery } from './sql/metrics/retrieval-details';
import { factSettings, LINEAGE_FACTS_TABLE } from './sql/session-inspector';

/**
 * The engine on which the session inspector and the trace read the per-retrieval facts for
 * `settings` (K, the Tier 1 threshold and the used actions; screen filters do not apply). They
 * cost about as much for one retrieval as for all, so they are built once per dataset version
 * and settings, in a table named by those settings, and every session opened afterwards reads
 * them by id.
 */
export async function withLineageFacts(job: ReadJob, settings: MetricSettings): Promise<Engine> {
  const table = await job.materialize(materialization(LINEAGE_FACTS_TABLE, retrievalDetailsQuery(factSettings(settings))));
  return bindTable(job.engine, LINEAGE_FACTS_TABLE, table);
}
