import { calibrationReport } from '../model/gate/calibration-summary';
import type { CalibrationCase } from '../model/gate/calibration';
import type { MetricsReport } from '../model/metrics/report';
import type { MaskedFailureRow, MatrixRow, Tier0Row, Tier3Row, TierRow, TotalsRow, FeedbackWeekRow, GateDecisionRow, TrendRow } from '../model/metrics/rows';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../model/metrics/settings';
import { maskedFailureFlags, shapeFeedback, shapeGate, shapeMatrix, shapeTier0, shapeTiers } from '../model/metrics/shape-report';
import { shapeTrend, type TrendPoint } from '../model/metrics/trends';
import { computeDriftReport } from './drift-report';
import type { Engine } from './engine';
import { DATA_FINGERPRINT_SQL, DERIVED_STATE_TABLE_SQL, DERIVED_TABLE_STATEMENTS } from './sql/metrics/derived-tables';
import { matrixQuery } from './sql/metrics/matrix';
import { maskedFailuresQuery } from './sql/metrics/retrieval-details';
import { materializeRetrievalFactsQuery } from './sql/metrics/retrieval-facts';
import { feedbackByWeekQuery, gateDecisionsQuery, totalsQuery } from './sql/metrics/sections';
import { calibrationCasesQuery } from './sql/gate/calibration';
import type { SqlQuery } from './sql/metrics/sql-query';
import { tier0Query } from './sql/metrics/tier0';
import { tierQuery } from './sql/metrics/tier1-tier2';
import { tier3Query } from './sql/metrics/tier3';
import { trendQuery } from './sql/metrics/trends';

const run = <Row>(engine: Engine, query: SqlQuery) => engine.query<Row>(query.sql, query.params);

async function dataFingerprint(engine: Engine): Promise<string> {
  const [row] = await engine.query<{ fingerprint: string }>(DATA_FINGERPRINT_SQL);
  return row.fingerprint;
}

/**
 * Rebuilds the tables the metrics derive from the data alone (action_lineage, resolved labels,
 * per-retrieval signals, prompt and completion facts). Call after every load or clear
 * (`finalizeLoad`); settings changes do not need it.
 */
export async function refreshDerivedTables(engine: Engine): Promise<void> {
  for (const statement of DERIVED_TABLE_STATEMENTS) await engine.exec(statement.sql);
  await engine.exec(DERIVED_STATE_TABLE_SQL);
  await engine.query('DELETE FROM derived_tables_state');
  await engine.query('INSERT INTO derived_tables_state VALUES (?)', [await dataFingerprint(engine)]);
}

const ensuring = new WeakMap<Engine, Promise<void>>();

/**
 * Refreshes the derived tables only when the loaded data changed since they were built.
 * Single-flight per engine: screens that ask at the same time share one refresh instead of
 * rebuilding the same tables concurrently on one connection.
 */
export function ensureDerivedTables(engine: Engine): Promise<void> {
  let pending = ensuring.get(engine);
  if (!pending) {
    pending = (async () => {
      await engine.exec(DERIVED_STATE_TABLE_SQL);
      const [built] = await engine.query<{ fingerprint: string }>('SELECT fingerprint FROM derived_tables_state');
      if (built?.fingerprint !== (await dataFingerprint(engine))) await refreshDerivedTables(engine);
    })().finally(() => ensuring.delete(engine));
    ensuring.set(engine, pending);
  }
  return pending;
}

/** Builds the `retrieval_facts` temp table for these settings; every `materialized` builder reads it. */
export async function materializeRetrievalFacts(engine: Engine, settings: MetricSettings): Promise<void> {
  await run(engine, materializeRetrievalFactsQuery(settings));
}

/**
 * The report of metrics.md for these settings: Tier 0–3, the matrix with its masked-failure
 * flags, drift with its flags, gate decisions with their calibration, and feedback.
 */
export async function computeMetricsReport(engine: Engine, settings: MetricSettings = DEFAULT_METRIC_SETTINGS): Promise<MetricsReport> {
  await ensureDerivedTables(engine);
  await materializeRetrievalFacts(engine, settings);
  const [totals] = await run<TotalsRow>(engine, totalsQuery());
  const [tier0] = await run<Tier0Row>(engine, tier0Query(settings));
  const tiers = await run<TierRow>(engine, tierQuery(settings, 'materialized'));
  const [matrix] = await run<MatrixRow>(engine, matrixQuery(settings, 'materialized'));
  const masked = await run<MaskedFailureRow>(engine, maskedFailuresQuery(settings, 'materialized'));
  const [tier3] = await run<Tier3Row>(engine, tier3Query(settings));
  const drift = await computeDriftReport(engine);
  const decisions = await run<GateDecisionRow>(engine, gateDecisionsQuery(settings));
  const calibrationCases = await run<CalibrationCase>(engine, calibrationCasesQuery());
  const feedbackWeeks = await run<FeedbackWeekRow>(engine, feedbackByWeekQuery(settings));
  const { tier1, tier2 } = shapeTiers(tiers, settings.k);
  return {
    events: totals.events,
    rejected: totals.rejected,
    sessions: totals.sessions,
    tier0: shapeTier0(tier0),
    tier1,
    tier2,
    matrix: shapeMatrix(matrix),
    tier3,
    drift: drift.drift,
    gate: shapeGate(decisions, calibrationReport(calibrationCases)),
    feedback: shapeFeedback(feedbackWeeks),
    flags: [...maskedFailureFlags(masked), ...drift.flags],
  };
}

export interface MetricPanels {
  report: MetricsReport;
  trends: { day: TrendPoint[]; week: TrendPoint[] };
}

/**
 * Everything the metrics screen shows after a settings change: the report and both trends.
 * This is the unit the benchmark times ("recompute all panels after a settings change").
 */
export async function recomputeMetricPanels(engine: Engine, settings: MetricSettings): Promise<MetricPanels> {
  const report = await computeMetricsReport(engine, settings);
  const day = shapeTrend(await run<TrendRow>(engine, trendQuery(settings, 'day', 'materialized')));
  const week = shapeTrend(await run<TrendRow>(engine, trendQuery(settings, 'week', 'materialized')));
  return { report, trends: { day, week } };
}
