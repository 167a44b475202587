import { calibrationReport } from '../model/gate/calibration-summary';
import type { CalibrationCase } from '../model/gate/calibration';
import type { AnnotationSections, MetricsReport, Rate, ScreenReport } from '../model/metrics/report';
import type { TierRow, TotalsRow } from '../model/metrics/rows';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../model/metrics/settings';
import { judgedAtKByRole, maskedFailureFlags, shapeFeedback, shapeGate, shapeMatrix, shapeTier0, shapeTiers, withAnnotationSections } from '../model/metrics/shape-report';
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
 * judges' agreement with humans). In the app a settings change reads them again, and the
 * coordinator answers their statements from its cache (coordinator/README.md).
 */
export interface ScreenFixedSections {
  totals: TotalsRow;
  drift: Awaited<ReturnType<typeof computeDriftReport>>;
  calibrationCases: CalibrationCase[];
  judges: JudgeAgreement[];
}

/** Every section no setting changes: the Metrics screen's, and the annotation sections only the report carries. */
export type FixedSections = ScreenFixedSections & AnnotationSections;

export async function screenFixedSectionsIn(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<ScreenFixedSections> {
  const [totals] = await run(engine, totalsQuery(), TOTALS_ROW);
  const drift = await computeDriftReport(engine, dialect);
  const calibrationCases = await run(engine, calibrationCasesQuery(dialect), CALIBRATION_CASE_ROW);
  const judges = await judgeAgreementsIn(engine, dialect);
  return { totals, drift, calibrationCases, judges };
}

/**
 * The report's `agreement` and `review` (every loaded label and response, no filters). The Metrics
 * screen draws neither: it reads them only on the way to the report's download, since at 1M events
 * they take about a second (docs/performance.md, stop 41).
 */
export async function annotationSectionsIn(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<AnnotationSections> {
  const agreement = await agreementIn(engine);
  const review = await reviewReportIn(engine, dialect);
  return { agreement, review };
}

export async function fixedSectionsIn(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<FixedSections> {
  return { ...(await screenFixedSectionsIn(engine, dialect)), ...(await annotationSectionsIn(engine, dialect)) };
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
  const { report } = await screenSectionsIn(job, settings);
  return withAnnotationSections(report, await annotationSectionsIn(job.engine));
}

/** The screen's report with the Tier 1 and Tier 2 rows it was shaped from (per role, what the report leaves out). */
async function screenSectionsIn(job: ReadJob, settings: MetricSettings): Promise<ScreenSections> {
  const { engine } = job;
  const fixedSections = await screenFixedSectionsIn(engine);
  const facts = await withRetrievalFacts(job, settings);
  return screenSectionsFrom({ engine, facts, dialect: DUCKDB }, settings, fixedSections);
}

/**
 * The settings' sections, run in one sequence on either engine (the ClickHouse report:
 * clickhouse/report.ts), shaped with the fixed sections into the report.
 */
export async function metricsReportFrom(engines: ReportEngines, settings: MetricSettings, fixed: FixedSections): Promise<MetricsReport> {
  return withAnnotationSections((await screenSectionsFrom(engines, settings, fixed)).report, fixed);
}

interface ScreenSections {
  report: ScreenReport;
  tiers: TierRow[];
}

async function screenSectionsFrom({ engine, facts, dialect }: ReportEngines, settings: MetricSettings, fixed: ScreenFixedSections): Promise<ScreenSections> {
  const { totals, drift, calibrationCases } = fixed;
  const [tier0] = await run(engine, tier0Query(settings, dialect), TIER0_ROW);
  const tiers = await run(facts, tierQuery(settings, 'materialized', dialect), TIER_ROW);
  const [matrix] = await run(facts, matrixQuery(settings, 'materialized', dialect), MATRIX_ROW);
  const masked = await run(facts, maskedFailuresQuery(settings, 'materialized', dialect), MASKED_FAILURE_ROW);
  const [tier3] = await run(engine, tier3Query(settings, dialect), TIER3_ROW);
  const decisions = await run(engine, gateDecisionsQuery(settings, dialect), GATE_DECISION_ROW);
  const feedbackWeeks = await run(engine, feedbackByWeekQuery(settings, dialect), FEEDBACK_WEEK_ROW);
  const { tier1, tier2 } = shapeTiers(tiers, settings.k);
  const judges = await judgesReportIn(engine, settings, fixed.judges, dialect);
  const report: ScreenReport = {
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
    ...(judges ? { judges } : {}),
  };
  return { report, tiers };
}

export interface MetricPanels {
  /** The report without `agreement` and `review`, which the screen does not draw (`annotationSectionsIn`). */
  report: ScreenReport;
  /** Each role's judged@k, beside the report's `tier1.by_role` (which has no such key). */
  judgedAtKByRole: Record<string, Rate>;
  trends: { day: TrendPoint[]; week: TrendPoint[] };
}

/** Everything the metrics screen shows after a settings change: the report and both trends, in one job. */
export async function metricPanelsIn(job: ReadJob, settings: MetricSettings): Promise<MetricPanels> {
  const { report, tiers } = await screenSectionsIn(job, settings);
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
