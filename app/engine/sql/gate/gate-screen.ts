import { shapeReviewReport, type ReviewReport } from '../../../model/annotation/review-report';
import { calibrate, calibrateByCategory, type Calibration } from '../../../model/gate/calibration';
import { calibrationReport } from '../../../model/gate/calibration-summary';
import { summarizeDecisions, type DecisionSummary } from '../../../model/gate/decisions';
import { reviewWeeksInScope, type ReviewWeek } from '../../../model/gate/review';
import type { FeedbackReport, GateReport } from '../../../model/metrics/report';
import { shapeFeedback } from '../../../model/metrics/shape-report';
import type { Engine } from '../../engine';
import { ensureDerivedTables } from '../../metrics-report';
import type { EventScope } from '../../../model/event-scope';
import type { RowOf } from '../core/row-spec';
import { run } from '../core/run';
import { FEEDBACK_WEEK_ROW } from '../metrics/sections';
import { CALIBRATION_CASE_ROW, calibrationCasesQuery } from './calibration';
import { GATE_DECISION_BREAKDOWN_ROW, gateDecisionBreakdownQuery } from './decisions';
import { DOWN_VOTED_ROW, downVotedQueriesQuery, feedbackByWeekInScopeQuery } from './feedback';
import { GATE_FILTER_CHOICE_ROW, gateFilterChoicesQuery, type GateFilterChoiceRow } from './filter-choices';
import { RECALL_COMPARISON_ROW, recallComparisonQuery } from './recall';
import { REVIEW_VERDICT_ROW, reviewVerdictsQuery } from '../annotation/review-report';
import { ANSWERED_RESPONSE_ROW, answeredResponsesQuery } from './review';

export type DownVotedQuery = RowOf<typeof DOWN_VOTED_ROW>;

export type RecallComparison = RowOf<typeof RECALL_COMPARISON_ROW>;

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
  await ensureDerivedTables(engine);
  const allCases = await run(engine, calibrationCasesQuery(), CALIBRATION_CASE_ROW);
  const cases = scope.category === null ? allCases : allCases.filter((item) => item.category === scope.category);
  const [recall] = await run(engine, recallComparisonQuery(), RECALL_COMPARISON_ROW);
  return {
    choices: await run(engine, gateFilterChoicesQuery(scope), GATE_FILTER_CHOICE_ROW),
    decisions: summarizeDecisions(await run(engine, gateDecisionBreakdownQuery(scope), GATE_DECISION_BREAKDOWN_ROW)),
    calibration: { overall: calibrate(cases), byCategory: calibrateByCategory(cases) },
    calibrationReport: calibrationReport(cases),
    feedback: shapeFeedback(await run(engine, feedbackByWeekInScopeQuery(scope), FEEDBACK_WEEK_ROW)),
    downVoted: await run(engine, downVotedQueriesQuery(scope), DOWN_VOTED_ROW),
    recall,
    review: reviewWeeksInScope(await run(engine, answeredResponsesQuery(scope), ANSWERED_RESPONSE_ROW)),
    reviewReport: shapeReviewReport(await run(engine, reviewVerdictsQuery(scope), REVIEW_VERDICT_ROW)),
  };
}
