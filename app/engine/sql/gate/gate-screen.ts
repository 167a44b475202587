import { calibrate, calibrateByCategory, type Calibration, type CalibrationCase } from '../../../model/gate/calibration';
import { calibrationReport } from '../../../model/gate/calibration-summary';
import { summarizeDecisions, type DecisionSummary, type GateDecisionBreakdownRow } from '../../../model/gate/decisions';
import type { ReviewReport } from '../../../model/annotation/review-report';
import { reviewReportIn } from '../../annotation-report';
import { weeklyReview, type AnsweredResponse, type ReviewWeek } from '../../../model/gate/review';
import type { FeedbackReport, GateReport } from '../../../model/metrics/report';
import type { FeedbackWeekRow } from '../../../model/metrics/rows';
import type { MetricSettings } from '../../../model/metrics/settings';
import { shapeFeedback } from '../../../model/metrics/shape-report';
import type { Engine } from '../../engine';
import { ensureDerivedTables } from '../../metrics-report';
import { feedbackByWeekQuery } from '../metrics/sections';
import type { SqlQuery } from '../metrics/sql-query';
import { calibrationCasesQuery } from './calibration';
import { gateDecisionBreakdownQuery } from './decisions';
import { downVotedQueriesQuery } from './feedback';
import { recallComparisonQuery } from './recall';
import { answeredResponsesQuery } from './review';

export interface DownVotedQuery {
  query: string;
  down: number;
}

export interface RecallComparison {
  eval_cases: number;
  eval_recall: number | null;
  production_retrievals: number;
  production_recall: number | null;
}

export interface GateScreenData {
  decisions: DecisionSummary;
  /** The full curves, overall and per category. */
  calibration: { overall: Calibration; byCategory: Record<string, Calibration> };
  /** The same figures as the report's `gate.calibration`, by the same code. */
  calibrationReport: GateReport['calibration'];
  /** The report's `feedback` section, by the same code. */
  feedback: FeedbackReport;
  downVoted: DownVotedQuery[];
  recall: RecallComparison;
  /** Weekly answer review with the default sample size (all loaded responses; no filters). */
  review: ReviewWeek[];
  /** The report's `review` section, by the same code. */
  reviewReport: ReviewReport;
}

/**
 * Everything the gate screen shows. Uses only plain queries and `retrieval_base` (no temp
 * tables), so it never races the metrics screen's serialized computations.
 */
export async function loadGateScreen(engine: Engine, settings: MetricSettings): Promise<GateScreenData> {
  const run = <Row>(query: SqlQuery) => engine.query<Row>(query.sql, query.params);
  await ensureDerivedTables(engine);
  const cases = await run<CalibrationCase>(calibrationCasesQuery());
  const [recall] = await run<RecallComparison>(recallComparisonQuery());
  return {
    decisions: summarizeDecisions(await run<GateDecisionBreakdownRow>(gateDecisionBreakdownQuery(settings))),
    calibration: { overall: calibrate(cases), byCategory: calibrateByCategory(cases) },
    calibrationReport: calibrationReport(cases),
    feedback: shapeFeedback(await run<FeedbackWeekRow>(feedbackByWeekQuery(settings))),
    downVoted: await run<DownVotedQuery>(downVotedQueriesQuery(settings)),
    recall,
    review: weeklyReview(await run<AnsweredResponse>(answeredResponsesQuery())),
    reviewReport: await reviewReportIn(engine),
  };
}
