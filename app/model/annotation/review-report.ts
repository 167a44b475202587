import { VERDICTS, type Verdict } from '../../schema/given-label';

/**
 * The report's `review` (docs/metrics.md, "Weekly answer review"): the resolved `answer_review`
 * verdict of each loaded `response`, counted in the ISO week of the response's `ts`.
 */
export type ReviewCounts = { reviewed: number } & Record<Verdict, number> & {
  /** wrong / reviewed; null when nothing was reviewed. */
  confidently_wrong_rate: number | null;
};

export type ReviewReport = ReviewCounts & {
  /** Only weeks with at least one reviewed response: a week nobody reviewed has no rate to show. */
  by_week: Record<string, ReviewCounts>;
};

/** One (ISO week, resolved verdict) with its number of responses, from engine/sql/annotation/review-report.ts. */
export interface ReviewVerdictRow {
  week: string;
  verdict: string;
  n: number;
}

function counts(rows: readonly ReviewVerdictRow[]): ReviewCounts {
  const of = (verdict: Verdict) => rows.filter((row) => row.verdict === verdict).reduce((sum, row) => sum + row.n, 0);
  // `reviewed` counts only the four verdicts (the schema admits no other).
  const reviewed = VERDICTS.reduce((sum, verdict) => sum + of(verdict), 0);
  const wrong = of('wrong');
  return { reviewed, correct: of('correct'), wrong, partial: of('partial'), unsupported: of('unsupported'), confidently_wrong_rate: reviewed === 0 ? null : wrong / reviewed };
}

export function shapeReviewReport(rows: readonly ReviewVerdictRow[]): ReviewReport {
  const weeks = [...new Set(rows.map((row) => row.week))].sort();
  const byWeek = weeks.map((week) => [week, counts(rows.filter((row) => row.week === week))] as const);
  return { ...counts(rows), by_week: Object.fromEntries(byWeek.filter(([, week]) => week.reviewed > 0)) };
}
