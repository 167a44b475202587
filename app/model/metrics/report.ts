import type { JudgeReportEntry } from '../annotation/judges';
import type { AgreementReport } from '../annotation/agreement';
import type { ReviewReport } from '../annotation/review-report';

export type { AgreementReport, ReviewReport };

/**
 * The report object of docs/metrics.md "The report": the same keys in the command line's JSON and
 * behind the UI panels. Rates are numbers in [0, 1] or null when the denominator is 0; counts
 * are integers.
 */
export type Rate = number | null;

export interface Tier0Report {
  prompts: number;
  retrieval_invoked_rate: Rate;
  misroute_rate: Rate;
  missed_retrieval_rate: Rate;
  multi_intent_share: Rate;
  search_rewrites: number;
  downstream_corrections: number;
  downstream_edits: number;
}

export interface Tier1Scores {
  p_at_1: Rate;
  p_at_k: Rate;
  recall_at_k: Rate;
  ndcg_at_k: Rate;
  mrr: Rate;
}

export type Tier1RoleReport = { retrievals: number; judged: number } & Tier1Scores;

/** The Tier 1 figures that have bounds (docs/metrics.md, "Judged depth, bounds and the pool"). */
export const BOUNDED_FIGURES = ['p_at_1', 'p_at_k', 'ndcg_at_k', 'mrr'] as const;
export type BoundedFigure = (typeof BOUNDED_FIGURES)[number];

/** `low`: the figure as defined (unlabeled = not relevant); `high`: every unlabeled asset among the first K relevant (grade 1). */
export interface FigureBounds {
  low: Rate;
  high: Rate;
}

/**
 * `failed`: retrievals whose retriever raised (docs/log-format.md, "Empty vs failed"), overall only; never in `empty_result_rate`.
 * `judged_at_k`: the mean share of labeled assets among the first K of the retrievals that returned something.
 */
export type Tier1Report = { k: number; retrievals: number; empty_result_rate: Rate; failed: number; judged: number } & Tier1Scores & {
  by_role: Record<string, Tier1RoleReport>;
  judged_at_k: Rate;
  bounds: Record<BoundedFigure, FigureBounds>;
};

export interface Tier2Rates {
  retrievals: number;
  gpr: Rate;
  acr: Rate;
  orf: Rate;
  uor: Rate;
}

export type Tier2Report = Tier2Rates & { by_role: Record<string, Tier2Rates> };

export interface MatrixReport {
  healthy: number;
  downstream: number;
  visible_failure: number;
  masked: number;
  masked_consumed: number;
  masked_silent: number;
}

export interface Tier3Report {
  completions: number;
  attributed_by_lineage: number;
  cross_session: number;
  abandoned_by_session: number;
  abandoned_by_lineage: number;
}

export interface DriftReport {
  questions: number;
  orphan_query: number;
  skipped_active: number;
  resolved_without_evidence: number;
  retired_without_reason: number;
  never_activated: number;
  entity_drift: number;
  missing_evidence: number;
  not_asked: number;
  unreachable: number;
  insufficient_evidence: number;
}

export interface CalibrationSummary {
  cases: number;
  f1_threshold: number | null;
  recommended_threshold: number | null;
}

export interface GateReport {
  decisions: { answer: number; clarify: number; handoff: number };
  calibration: CalibrationSummary & { by_category: Record<string, CalibrationSummary> };
}

export interface FeedbackWeek {
  total: number;
  down: number;
  rate: Rate;
}

export interface FeedbackReport {
  total: number;
  down: number;
  thumbs_down_rate: Rate;
  by_week: Record<string, FeedbackWeek>;
}

export interface ReportFlag {
  kind: string;
  session_id: string | null;
  retrieval_id?: string;
  question_id?: string;
  subquestion_id?: string;
  run_id?: string;
  detail: string;
}

export interface MetricsReport {
  events: number;
  rejected: number;
  sessions: number;
  tier0: Tier0Report;
  tier1: Tier1Report;
  tier2: Tier2Report;
  matrix: MatrixReport;
  tier3: Tier3Report;
  drift: DriftReport;
  gate: GateReport;
  feedback: FeedbackReport;
  agreement: AgreementReport;
  review: ReviewReport;
  /** With labels of non-human annotators (docs/metrics.md, "Judges and humans"): each judge against the human consensus. */
  judges?: Record<string, JudgeReportEntry>;
  flags: ReportFlag[];
}

/** The report's annotation sections: every loaded label and response, whatever the settings. */
export type AnnotationSections = Pick<MetricsReport, 'agreement' | 'review'>;

/** The report without its annotation sections: all the Metrics screen draws. */
export type ScreenReport = Omit<MetricsReport, 'agreement' | 'review'>;
