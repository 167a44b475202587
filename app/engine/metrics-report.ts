import { calibrationReport } from '../model/gate/calibration-summary';
import type { CalibrationCase } from '../model/gate/calibration';
import type { MetricsReport, Rate } from '../model/metrics/report';
import type { TierRow, TotalsRow } from '../model/metrics/rows';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../model/metrics/settings';
import { judgedAtKByRole, maskedFailureFlags, shapeFeedback, shapeGate, shapeMatrix, shapeTier0, shapeTiers } from '../model/metrics/shape-report';
import { shapeTrend, type TrendPoint } from '../model/metrics/trends';
import type { JudgeAgreement } from '../model/annotation/judges';
import { agreementIn, reviewReportIn } from './annotation-report';
import { judgeAgreementsIn, judgesReportIn } from './judges/judges-report';
import { readOnce, type ReadJob } from './coordinator/query-coordinator';
import { ensureDerivedTables } from './derived/metric-tables';
import { computeDriftReport } from './drift-report';
import type { Engine } from './engine';
import { DUCKDB, type SqlDialect } from './sql/dialect';
import { withRetrievalFacts } from './retrieval-facts-table';
import { MATRIX_ROW, matrixQuery } from './sql/metrics/matrix';
import { MASKED_FAILURE_ROW, maskedFailuresQuery } from './sql/metrics/retrieval-details';
import { FEEDBACK_WEEK_ROW, feedbackByWeekQuery, GATE_DECISION_ROW, gateDecisionsQuery, TOTALS_ROW, totalsQuery } from './sql/metrics/sections';
import { CALIBRATION_CASE_ROW, calibrationCasesQuery } from './sql/gate/calibration';
import { run } from './sql/core/run';
import { TIER0_ROW, tier0Query } from './sql/metrics/tier0';
import { TIER_ROW, tierQuery } from './sql/metrics/tier1-tier2';
import { TIER3_ROW, tier3Query } from './sql/metrics/tier3';
import { TREND_ROW, trendQuery } from './sql/metrics/trends';

/** The tables the metrics derive from the data alone, kept up to date after each load (sql/metrics/README.md). */
export { ensureDerivedTables, refreshDerivedTables } from './derived/metric-tables';

/**
 * The sections of the report no setting changes (totals, drift, the gate's calibration cases,
 * annotation agreement and the answer review). In the app a settings change reads them again,
 * and the coordinator answers their statements from its cache (coordinator/README.md).
 */
export interface FixedSections {
  totals: TotalsRow;
  drift: Awaited<ReturnType<typeof computeDriftReport>>;
  calibrationCases: CalibrationCase[];
  agreement: Awaited<ReturnType<typeof agreementIn>>;
  review: Awaited<ReturnType<typeof reviewReportIn>>;
  judges: JudgeAgreement[];
}

export async function fixedSectionsIn(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<FixedSections> {
  const [totals] = await run(engine, totalsQuery(), TOTALS_ROW);
  const drift = await computeDriftReport(engine, dialect);
  const calibrationCases = await run(engine, calibrationCasesQuery(dialect), CALIBRATION_CASE_ROW);
  const agreement = await agreementIn(engine);
  const review = await reviewReportIn(engine, dialect);
  const judges = await judgeAgreementsIn(engine, dialect);
  return { totals, drift, calibrationCases, agreement, review, judges };
}

/**
 * Where the report's queries run: `engine` for those that read the events and derived tables,
 * `facts` for those that read the facts table of the settings (`materialized`), in `dialect`.
 */
export interface ReportEngines {
  engine: Engine;
  facts: Engine;
  dialect: SqlDialect;
}

/**
 * The report of docs/metrics.md for these settings: Tier 0–3, the matrix with its masked-failure
 * flags, drift with its flags, gate decisions with their calibration, feedback, annotation
 * agreement and the weekly answer review (these two unfiltered: every loaded label). Runs in a
 * coordinator job (the derived tables current), reading the facts table of these settings.
 */
export async function metricsReportIn(job: ReadJob, settings: MetricSettings): Promise<MetricsReport> {
  return (await metricsSectionsIn(job, settings)).report;
}

/** `metricsReportIn` with the Tier 1 and Tier 2 rows it was shaped from (per role, what the report leaves out). */
async function metricsSectionsIn(job: ReadJob, settings: MetricSettings): Promise<ReportSections> {
  const { engine } = job;
  const fixedSections = await fixedSectionsIn(engine);
  const facts = await withRetrievalFacts(job, settings);
  return metricsSectionsFrom({ engine, facts, dialect: DUCKDB }, settings, fixedSections);
}

/**
 * The settings' sections, run in one sequence on either engine (the ClickHouse report:
 * clickhouse/report.ts), shaped with the fixed sections into the report.
 */
export async function metricsReportFrom(engines: ReportEngines, settings: MetricSettings, fixed: FixedSections): Promise<MetricsReport> {
  return (await metricsSectionsFrom(engines, settings, fixed)).report;
}

interface ReportSections {
  report: MetricsReport;
  tiers: TierRow[];
}

async function metricsSectionsFrom({ engine, facts, dialect }: ReportEngines, settings: MetricSettings, fixed: FixedSections): Promise<ReportSections> {
  const { totals, drift, calibrationCases, agreement, review } = fixed;
  const [tier0] = await run(engine, tier0Query(settings, dialect), TIER0_ROW);
  const tiers = await run(facts, tierQuery(settings, 'materialized', dialect), TIER_ROW);
  const [matrix] = await run(facts, matrixQuery(settings, 'materialized', dialect), MATRIX_ROW);
  const masked = await run(facts, maskedFailuresQuery(settings, 'materialized', dialect), MASKED_FAILURE_ROW);
  const [tier3] = await run(engine, tier3Query(settings, dialect), TIER3_ROW);
  const decisions = await run(engine, gateDecisionsQuery(settings, dialect), GATE_DECISION_ROW);
  const feedbackWeeks = await run(engine, feedbackByWeekQuery(settings, dialect), FEEDBACK_WEEK_ROW);
  const { tier1, tier2 } = shapeTiers(tiers, settings.k);
  const judges = await judgesReportIn(engine, settings, fixed.judges, dialect);
  const report: MetricsReport = {
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
    agreement,
    review,
    flags: [...maskedFailureFlags(masked), ...drift.flags],
    ...(judges ? { judges } : {}),
  };
  return { report, tiers };
}

export interface MetricPanels {
  report: MetricsReport;
  /** Each role's judged@k, beside the report's `tier1.by_role` (which has no such key). */
  judgedAtKByRole: Record<string, Rate>;
  trends: { day: TrendPoint[]; week: TrendPoint[] };
}

/** Everything the metrics screen shows after a settings change: the report and both trends, in one job. */
export async function metricPanelsIn(job: ReadJob, settings: MetricSettings): Promise<MetricPanels> {
  const { report, tiers } = await metricsSectionsIn(job, settings);
  const facts = await withRetrievalFacts(job, settings);
  const day = shapeTrend(await run(facts, trendQuery(settings, 'day', 'materialized'), TREND_ROW));
  const week = shapeTrend(await run(facts, trendQuery(settings, 'week', 'materialized'), TREND_ROW));
  return { report, judgedAtKByRole: judgedAtKByRole(tiers), trends: { day, week } };
}

/** `metricsReportIn` on an engine no coordinator serves (the command line, tests). */
export async function computeMetricsReport(engine: Engine, settings: MetricSettings = DEFAULT_METRIC_SETTINGS): Promise<MetricsReport> {
  await ensureDerivedTables(engine);
  return readOnce(engine, (job) => metricsReportIn(job, settings));
}

/**
 * `metricPanelsIn` on an engine no coordinator serves. This is the unit the benchmark times
 * ("recompute all panels after a settings change").
 */
export async function recomputeMetricPanels(engine: Engine, settings: MetricSettings): Promise<MetricPanels> {
  await ensureDerivedTables(engine);
  return readOnce(engine, (job) => metricPanelsIn(job, settings));
}
