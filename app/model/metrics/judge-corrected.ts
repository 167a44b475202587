/**
 * Judge-corrected Tier 1 (docs/metrics.md, "Judges and humans"): the prediction-powered estimate of a
 * Tier 1 figure from one judge's labels on every retrieval it judged (J) and human labels on a
 * sample of those (H). The SQL (engine/sql/metrics/judge-corrected.ts) gives the means and sample
 * variances; this is the arithmetic after.
 */
export const CORRECTED_FIGURES = ['p_at_1', 'p_at_k', 'ndcg_at_k', 'mrr'] as const;
export type CorrectedFigure = (typeof CORRECTED_FIGURES)[number];

/** 97.5th percentile of the standard normal: a two-sided 95% interval. */
export const Z_95 = 1.959964;

/** The judge-corrected estimate needs human labels on at least this many of the judge's retrievals (|H| ≥ 2). */
export const MIN_HUMAN_OVERLAP = 2;

export interface CorrectedFigureReport {
  estimate: number;
  ci_low: number;
  ci_high: number;
  human_only: number;
  human_ci_low: number;
  human_ci_high: number;
  judge_only: number;
  j: number;
  h: number;
}

export type CorrectedReport = Partial<Record<CorrectedFigure, CorrectedFigureReport>>;

/** One row of judgeCorrectedQuery, its numbers by column name. */
export type CorrectedStatsRow = Record<string, number | null>;

const num = (value: number | null | undefined) => Number(value ?? 0);

/**
 * θ = mean_J(m_j) + mean_H(m_h − m_j), se = sqrt(var_J(m_j)/|J| + var_H(m_h − m_j)/|H|), θ ± z·se;
 * beside it the human-only mean over H (± z·sd/√|H|) and the judge-only mean over J. A figure
 * with |H| < 2 is left out: there is no variance to correct with. A variance over one value
 * (|J| = 1) counts as 0.
 */
export function correctedFigures(row: CorrectedStatsRow): CorrectedReport {
  const report: CorrectedReport = {};
  for (const figure of CORRECTED_FIGURES) {
    const j = num(row[`${figure}_j`]);
    const h = num(row[`${figure}_h`]);
    if (h < MIN_HUMAN_OVERLAP) continue;
    const judgeOnly = num(row[`${figure}_judge_mean`]);
    const estimate = judgeOnly + num(row[`${figure}_diff_mean`]);
    const se = Math.sqrt(num(row[`${figure}_judge_var`]) / j + num(row[`${figure}_diff_var`]) / h);
    const humanOnly = num(row[`${figure}_human_mean`]);
    const humanSe = Math.sqrt(num(row[`${figure}_human_var`]) / h);
    report[figure] = {
      estimate,
      ci_low: estimate - Z_95 * se,
      ci_high: estimate + Z_95 * se,
      human_only: humanOnly,
      human_ci_low: humanOnly - Z_95 * humanSe,
      human_ci_high: humanOnly + Z_95 * humanSe,
      judge_only: judgeOnly,
      j,
      h,
    };
  }
  return report;
}
