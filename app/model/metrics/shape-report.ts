import { setOwn } from '../../schema/own-keys';
import {
  BOUNDED_FIGURES,
  type BoundedFigure,
  type FigureBounds,
  type AnnotationSections,
  type FeedbackReport,
  type GateReport,
  type MatrixReport,
  type MetricsReport,
  type Rate,
  type ReportFlag,
  type ScreenReport,
  type Tier0Report,
  type Tier1Report,
  type Tier1RoleReport,
  type Tier1Scores,
  type Tier2Rates,
  type Tier2Report,
} from './report';
import type { FeedbackWeekRow, GateDecisionRow, MaskedFailureRow, MatrixRow, RetrievalAggregates, Tier0Row, TierRow } from './rows';

/** numerator / denominator, or null when the denominator is 0 (shown as "—", never as 0). */
export const rate = (numerator: number | null, denominator: number): Rate =>
  denominator === 0 ? null : (numerator ?? 0) / denominator;

export function shapeTier0(row: Tier0Row): Tier0Report {
  return {
    prompts: row.prompts,
    retrieval_invoked_rate: rate(row.invoked, row.prompts),
    misroute_rate: rate(row.misrouted, row.invoked_labeled),
    missed_retrieval_rate: rate(row.missed, row.intent_true),
    multi_intent_share: rate(row.multi_intent, row.labeled),
    search_rewrites: row.search_rewrites,
    downstream_corrections: row.downstream_corrections,
    downstream_edits: row.downstream_edits,
  };
}

/** Tier 1 averages over judged retrievals (empty and failed ones scored 0). */
export function tier1Scores(row: RetrievalAggregates): Tier1Scores {
  return {
    p_at_1: rate(row.sum_p_at_1, row.judged),
    p_at_k: rate(row.sum_p_at_k, row.judged),
    recall_at_k: rate(row.sum_recall_at_k, row.judged),
    ndcg_at_k: rate(row.sum_ndcg_at_k, row.judged),
    mrr: rate(row.sum_rr, row.judged),
  };
}

/** The share of labeled assets among the first K, averaged over the retrievals that returned something. */
export const judgedAtK = (row: RetrievalAggregates): Rate => rate(row.sum_judged_at_k, row.retrievals - row.empty - row.failed);

/**
 * Each effective role's judged@k, from the rows of `tierQuery`: shown in the Metrics role table,
 * not in the report's `tier1.by_role`, whose keys docs/metrics.md lists without it.
 */
export function judgedAtKByRole(rows: readonly TierRow[]): Record<string, Rate> {
  const byRole: Record<string, Rate> = {};
  for (const row of rows) if (row.role !== null) setOwn(byRole, row.role, judgedAtK(row));
  return byRole;
}

const HIGH_SUM: Record<BoundedFigure, keyof RetrievalAggregates> = {
  p_at_1: 'sum_p_at_1_high',
  p_at_k: 'sum_p_at_k_high',
  ndcg_at_k: 'sum_ndcg_at_k_high',
  mrr: 'sum_rr_high',
};

/** Each bounded figure's low (the figure itself) and high bound, over judged retrievals. */
export function tier1Bounds(row: RetrievalAggregates): Record<BoundedFigure, FigureBounds> {
  const low = tier1Scores(row);
  return Object.fromEntries(BOUNDED_FIGURES.map((figure) => [figure, { low: low[figure], high: rate(row[HIGH_SUM[figure]] as number | null, row.judged) }])) as Record<BoundedFigure, FigureBounds>;
}

export function tier2Rates(row: RetrievalAggregates): Tier2Rates {
  return {
    retrievals: row.retrievals,
    gpr: rate(row.gpr, row.retrievals),
    acr: rate(row.acr, row.retrievals),
    orf: rate(row.orf, row.retrievals),
    uor: rate(row.uor, row.retrievals),
  };
}

const NO_RETRIEVALS: RetrievalAggregates = {
  retrievals: 0, empty: 0, failed: 0, judged: 0, sum_p_at_1: null, sum_p_at_k: null, sum_recall_at_k: null,
  sum_ndcg_at_k: null, sum_rr: null, sum_judged_at_k: null, sum_p_at_1_high: null, sum_p_at_k_high: null,
  sum_ndcg_at_k_high: null, sum_rr_high: null, gpr: 0, acr: 0, orf: 0, uor: 0,
};

/** Tier 1 and Tier 2 from the rows of `tierQuery`: the overall row has `role` null. */
export function shapeTiers(rows: TierRow[], k: number): { tier1: Tier1Report; tier2: Tier2Report } {
  const overall = rows.find((row) => row.role === null) ?? NO_RETRIEVALS;
  const byRole = rows.filter((row): row is TierRow & { role: string } => row.role !== null);
  const tier1ByRole: Record<string, Tier1RoleReport> = {};
  const tier2ByRole: Record<string, Tier2Rates> = {};
  for (const row of byRole) {
    // a role is any string a log gives (`__proto__` too): set as a plain key
    setOwn(tier1ByRole, row.role, { retrievals: row.retrievals, judged: row.judged, ...tier1Scores(row) });
    setOwn(tier2ByRole, row.role, tier2Rates(row));
  }
  return {
    tier1: {
      k,
      retrievals: overall.retrievals,
      empty_result_rate: rate(overall.empty, overall.retrievals),
      failed: overall.failed,
      judged: overall.judged,
      ...tier1Scores(overall),
      by_role: tier1ByRole,
      judged_at_k: judgedAtK(overall),
      bounds: tier1Bounds(overall),
    },
    tier2: { ...tier2Rates(overall), by_role: tier2ByRole },
  };
}

export function shapeMatrix(row: MatrixRow): MatrixReport {
  return {
    healthy: row.healthy,
    downstream: row.downstream,
    visible_failure: row.visible_failure,
    masked: row.masked_consumed + row.masked_silent,
    masked_consumed: row.masked_consumed,
    masked_silent: row.masked_silent,
  };
}

/** One flag per masked retrieval failure; detail `consumed` (the bad result was used) or `silent`. */
export function maskedFailureFlags(rows: MaskedFailureRow[]): ReportFlag[] {
  return rows.map((row) => ({
    kind: 'masked_retrieval_failure',
    session_id: row.session_id,
    retrieval_id: row.retrieval_id,
    detail: row.consumed ? 'consumed' : 'silent',
  }));
}

export function shapeFeedback(weeks: FeedbackWeekRow[]): FeedbackReport {
  const total = weeks.reduce((sum, week) => sum + week.total, 0);
  const down = weeks.reduce((sum, week) => sum + week.down, 0);
  return {
    total,
    down,
    thumbs_down_rate: rate(down, total),
    by_week: Object.fromEntries(weeks.map((week) => [week.week, { total: week.total, down: week.down, rate: rate(week.down, week.total) }])),
  };
}

/** Gate decisions with the calibration of `app/model/gate` (docs/metrics.md, Gate). */
export function shapeGate(decisions: GateDecisionRow[], calibration: GateReport['calibration']): GateReport {
  const count = (decision: string) => decisions.find((row) => row.decision === decision)?.n ?? 0;
  return {
    decisions: { answer: count('answer'), clarify: count('clarify'), handoff: count('handoff') },
    calibration,
  };
}

/** The whole report, its keys in the order `report --json` prints them. */
export function withAnnotationSections(report: ScreenReport, { agreement, review }: AnnotationSections): MetricsReport {
  const { flags, judges, ...sections } = report;
  return { ...sections, agreement, review, flags, ...(judges ? { judges } : {}) };
}
