import type { ExplainSignal } from '../../model/explain/signals';
import type { MetricsReport, ReportFlag } from '../../model/metrics/report';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../model/metrics/settings';
import { explainFrom, type ExplainResult } from '../explain-report';
import { fixedSectionsIn, metricsReportFrom, type FixedSections } from '../metrics-report';
import { CLICKHOUSE } from '../sql/dialect';
import { materializeRetrievalFactsQuery } from '../sql/metrics/retrieval-facts';
import type { ClickHouseEngine } from './clickhouse-engine';
import { buildMetricTables } from './metric-sections';

export interface ClickHouseReportOptions {
  /** The metric tables are built already on this connection (`buildMetricTables`): several settings over one dataset. */
  tablesBuilt?: boolean;
  /** The sections no setting changes (`fixedSectionsIn(engine, CLICKHOUSE)`), when computed already for this data. */
  fixed?: FixedSections;
}

/**
 * `report --json` on ClickHouse: the object `computeMetricsReport` (../metrics-report.ts) gives
 * on DuckDB, every section, by the same builders in the ClickHouse dialect and the same
 * sequence and shaping (`fixedSectionsIn`, `metricsReportFrom`). Reads the names
 * events-schema.ts (or otel-traces.ts) defines; builds the metric tables as temporary tables of
 * the connection first (`buildMetricTables`) unless `tablesBuilt`, then the facts of `settings`.
 */
export async function clickhouseReport(engine: ClickHouseEngine, settings: MetricSettings = DEFAULT_METRIC_SETTINGS, options: ClickHouseReportOptions = {}): Promise<MetricsReport> {
  if (!options.tablesBuilt) await buildMetricTables(engine);
  const fixed = options.fixed ?? await fixedSectionsIn(engine, CLICKHOUSE);
  const facts = materializeRetrievalFactsQuery(settings, CLICKHOUSE);
  await engine.query(facts.sql, facts.params);
  return metricsReportFrom({ engine, facts: engine, dialect: CLICKHOUSE }, settings, fixed);
}

/**
 * `report --explain` on ClickHouse, after `clickhouseReport` for the same settings (its facts
 * table is the one read): `explainFrom` in the ClickHouse dialect. `driftFlags`: the report's `flags`.
 */
export function clickhouseExplain(engine: ClickHouseEngine, settings: MetricSettings, signal: ExplainSignal, driftFlags: readonly ReportFlag[], minSupport?: number): Promise<ExplainResult> {
  return explainFrom({ facts: engine, dialect: CLICKHOUSE }, settings, signal, driftFlags, minSupport);
}
