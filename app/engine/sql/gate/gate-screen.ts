import { shapeReviewReport, type ReviewReport, type ReviewVerdictRow } from '../../../model/annotation/review-report';
import { calibrate, calibrateByCategory, type Calibration, type CalibrationCase } from '../../../model/gate/calibration';
import { calibrationReport } from '../../../model/gate/calibration-summary';
import { summarizeDecisions, type DecisionSummary, type GateDecisionBreakdownRow } from '../../../model/gate/decisions';
import { reviewWeeksInScope, type AnsweredResponse, type ReviewWeek } from '../../../model/gate/review';
import type { FeedbackReport, GateReport } from '../../../model/metrics/report';
import type { FeedbackWeekRow } from '../../../model/metrics/rows';
import { shapeFeedback } from '../../../model/metrics/shape-report';
import type { Engine } from '../../engine';
import { ensureDerivedTables } from '../../metrics-report';
import type { EventScope } from '../event-scope';
import type { SqlQuery } from '../core/sql-query';
import { calibrationCasesQuery } from './calibration';
import { gateDecisionBreakdownQuery } from './decisions';
import { downVotedQueriesQuery, feedbackByWeekInScopeQuery } from './feedback';
import { gateFilterChoicesQuery, type GateFilterChoiceRow } from './filter-choices';
import { recallComparisonQuery } from './recall';
import { reviewVerdictsQuery } from '../annotation/review-report';
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

/**
 * The gate screen over the events in a scope (surface, category, system; never a week). With
 * no scope every figure that is also in the report is the report's, by the same code.
 */
export interface GateScreenData {
  /** The values each filter can take, with their counts under the other filters. */
  choices: GateFilterChoiceRow[];
  decisions: DecisionSummary;
  /** The full curves over the eval cases of the scope's category (eval cases have no surface or system). */
  calibration: { overall: Calibration; byCategory: Record<string, Calibration> };
  calibrationReport: GateReport['calibration'];
  feedback: FeedbackReport;
  downVoted: DownVotedQuery[];
  /** Over every eval case and labeled production retrieval: the scope does not apply. */
  recall: RecallComparison;
  /** Each week's answered responses in scope and the part of the week's sample (drawn from all of them) that is in scope. */
  review: ReviewWeek[];
  /** The report's review counts over the responses in scope. */
  reviewReport: ReviewReport;
}

/**
 * Everything the gate screen shows. Uses only plain queries and `retrieval_base` (no temp
 * tables), so it never races the metrics screen's serialized computations.
 */
export async function loadGateScreen(engine: Engine, scope: EventScope): Promise<GateScreenData> {
  const run = <Row>(query: SqlQuery) => engine.query<Row>(query.sql, query.params);
  await ensureDerivedTables(engine);
  const allCases = await run<CalibrationCase>(calibrationCasesQuery());
  const cases = scope.category === null ? allCases : allCases.filter((item) => item.category === scope.category);
  const [recall] = await run<RecallComparison>(recallComparisonQuery());
  return {
    choices: await run<GateFilterChoiceRow>(gateFilterChoicesQuery(scope)),
    decisions: summarizeDecisions(await run<GateDecisionBreakdownRow>(gateDecisionBreakdownQuery(scope))),
    calibration: { overall: calibrate(cases), byCategory: calibrateByCategory(cases) },
    calibrationReport: calibrationReport(cases),
    feedback: shapeFeedback(await run<FeedbackWeekRow>(feedbackByWeekInScopeQuery(scope))),
    downVoted: await run<DownVotedQuery>(downVotedQueriesQuery(scope)),
    recall,
    review: reviewWeeksInScope(await run<AnsweredResponse>(answeredResponsesQuery(scope))),
    reviewReport: shapeReviewReport(await run<ReviewVerdictRow>(reviewVerdictsQuery(scope))),
  };
}
