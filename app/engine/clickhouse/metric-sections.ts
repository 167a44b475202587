import type { MetricsReport } from '../../model/metrics/report';
import type { MaskedFailureRow, MatrixRow, Tier0Row, Tier3Row, TierRow } from '../../model/metrics/rows';
import type { MetricSettings } from '../../model/metrics/settings';
import { maskedFailureFlags, shapeMatrix, shapeTier0, shapeTiers } from '../../model/metrics/shape-report';
import type { Engine } from '../engine';
import { DERIVED_TABLES, METRIC_TABLES } from '../sql/derived/registry';
import { CLICKHOUSE } from '../sql/dialect';
import { matrixQuery } from '../sql/metrics/matrix';
import { maskedFailuresQuery } from '../sql/metrics/retrieval-details';
import { materializeRetrievalFactsQuery } from '../sql/metrics/retrieval-facts';
import type { SqlQuery } from '../sql/metrics/sql-query';
import { tier0Query } from '../sql/metrics/tier0';
import { tierQuery } from '../sql/metrics/tier1-tier2';
import { tier3Query } from '../sql/metrics/tier3';

const run = <Row>(engine: Engine, query: SqlQuery) => engine.query<Row>(query.sql, query.params);

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

/** The sections of `report --json` that the metric tables give: Tier 0–3, the matrix and its masked-failure flags. */
export type MetricTierSections = Pick<MetricsReport, 'tier0' | 'tier1' | 'tier2' | 'matrix' | 'tier3' | 'flags'>;

/**
 * Tier 0–3 and the matrix for `settings` on ClickHouse, by the builders the DuckDB report runs
 * (../metrics-report.ts), shaped by the same model code; `buildMetricTables` first. The facts of
 * these settings are a temporary table that every aggregate reads.
 */
export async function metricTierSectionsIn(engine: Engine, settings: MetricSettings): Promise<MetricTierSections> {
  await run(engine, materializeRetrievalFactsQuery(settings, CLICKHOUSE));
  const [tier0] = await run<Tier0Row>(engine, tier0Query(settings, CLICKHOUSE));
  const tiers = await run<TierRow>(engine, tierQuery(settings, 'materialized', CLICKHOUSE));
  const [matrix] = await run<MatrixRow>(engine, matrixQuery(settings, 'materialized', CLICKHOUSE));
  const masked = await run<MaskedFailureRow>(engine, maskedFailuresQuery(settings, 'materialized', CLICKHOUSE));
  const [tier3] = await run<Tier3Row>(engine, tier3Query(settings, CLICKHOUSE));
  const { tier1, tier2 } = shapeTiers(tiers, settings.k);
  return { tier0: shapeTier0(tier0), tier1, tier2, matrix: shapeMatrix(matrix), tier3, flags: maskedFailureFlags(masked) };
}
