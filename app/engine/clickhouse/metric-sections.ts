import type { Engine } from '../engine';
import { DERIVED_TABLES, METRIC_TABLES } from '../sql/derived/registry';
import { CLICKHOUSE } from '../sql/dialect';

/**
 * The tables the metrics read (action_lineage, the resolved labels, retrieval_base,
 * completion_facts, prompt_facts), built whole from the events as temporary tables of the
 * connection, in the registry's order, from the registry's one definition of each. (The
 * browser updates them in place as logs are appended: ../derived/, DuckDB only.)
 */
export async function buildMetricTables(engine: Engine): Promise<void> {
  for (const table of DERIVED_TABLES.filter(({ name }) => METRIC_TABLES.includes(name))) {
    await engine.exec(CLICKHOUSE.createTempTableAs(table.name, table.select(null, CLICKHOUSE)));
  }
}
