/**
 * The rows the metric queries (app/engine/sql/metrics) return: counts and sums, which the
 * shaping functions here turn into rates. Declared on this side so that model/ stays free of
 * the engine.
 */

export interface TotalsRow {
  events: number;
  rejected: number;
  sessions: number;
}

export interface Tier0Row {
  prompts: number;
  invoked: number;
  invoked_labeled: number;
  misrouted: number;
  intent_true: number;
  missed: number;
  labeled: number;
  multi_intent: number;
  search_rewrites: number;
  downstream_corrections: number;
  downstream_edits: number;
}

/** Counts and sums over a group of retrievals: Tier 1 averages = sum / judged, Tier 2 rates = count / retrievals. */
export interface RetrievalAggregates {
  retrievals: number;
  empty: number;
  /** Failed retrievals (an `error`, nothing returned): counted in `retrievals`, never in `empty`. */
  failed: number;
  judged: number;
  sum_p_at_1: number | null;
  sum_p_at_k: number | null;
  sum_recall_at_k: number | null;
  sum_ndcg_at_k: number | null;
  sum_rr: number | null;
  /** Over retrievals that returned something (retrievals − empty − failed). */
  sum_judged_at_k: number | null;
  /** The high bounds (docs/metrics.md, "Judged depth, bounds and the pool"), over judged retrievals. */
  sum_p_at_1_high: number | null;
  sum_p_at_k_high: number | null;
  sum_ndcg_at_k_high: number | null;
  sum_rr_high: number | null;
  gpr: number;
  acr: number;
  orf: number;
  uor: number;
}

/** One row overall (`role` null) and one per effective role. */
export type TierRow = RetrievalAggregates & { role: string | null };

/** One point of a trend: a day (YYYY-MM-DD) or an ISO week (YYYY-Www). */
export type TrendRow = RetrievalAggregates & { bucket: string; masked: number };

export interface MatrixRow {
  healthy: number;
  downstream: number;
  visible_failure: number;
  masked_consumed: number;
  masked_silent: number;
}

export interface MaskedFailureRow {
  retrieval_id: string;
  session_id: string;
  /** The bad result was used (GPR or ACR). */
  consumed: boolean;
}

export interface Tier3Row {
  completions: number;
  attributed_by_lineage: number;
  cross_session: number;
  abandoned_by_session: number;
  abandoned_by_lineage: number;
}

export interface FeedbackWeekRow {
  week: string;
  total: number;
  down: number;
}

export interface GateDecisionRow {
  decision: string;
  n: number;
}
