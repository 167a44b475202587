import type { MetricSettings } from '../model/metrics/settings';
import { materialization } from './coordinator/materialization';
import type { ReadJob } from './coordinator/query-coordinator';
import { bindQuery, bindTable } from './coordinator/table-binding';
import type { Engine } from './engine';
import { retrievalDetailsQuery } from './sql/metrics/retrieval-details';
import { factSettings, LINEAGE_FACTS_TABLE } from './sql/session-inspector';

/**
 * The engine on which the session inspector and the trace read the per-retrieval facts for
 * `settings` (K, the Tier 1 threshold and the used actions; screen filters do not apply) under
 * `LINEAGE_FACTS_TABLE`: a table built once per dataset version and settings (~1 s at 1M events),
 * named by those settings, which every later read reads by id. `readsOneSession`: a caller that
 * reads the facts of one session's retrievals builds no table; unless this version has it, the
 * facts are computed inline for the rows its statements ask (~20 ms at 1M: DuckDB pushes the
 * session's filter into them), so that the first session opened after a reload or a label waits
 * for no table.
 */
export async function withLineageFacts(job: ReadJob, settings: MetricSettings, { readsOneSession = false } = {}): Promise<Engine> {
  const facts = materialization(LINEAGE_FACTS_TABLE, retrievalDetailsQuery(factSettings(settings)));
  if (!readsOneSession) return bindTable(job.engine, LINEAGE_FACTS_TABLE, await job.materialize(facts));
  const table = job.materialized(facts);
  return table === null ? bindQuery(job.engine, LINEAGE_FACTS_TABLE, facts.select) : bindTable(job.engine, LINEAGE_FACTS_TABLE, table);
}
