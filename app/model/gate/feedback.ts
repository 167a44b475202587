import type { FeedbackReport } from '../metrics/report';

/** metrics.md, Review and feedback: above this thumbs-down rate a week raises an alarm (seed 004). */
export const THUMBS_DOWN_ALARM = 0.15;

export interface FeedbackWeekPoint {
  week: string;
  total: number;
  down: number;
  rate: number | null;
  alarm: boolean;
}

/** The report's feedback weeks in order, each marked when its rate is above the alarm line. */
export function feedbackWeeks(feedback: FeedbackReport): FeedbackWeekPoint[] {
  return Object.entries(feedback.by_week)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, { total, down, rate }]) => ({ week, total, down, rate, alarm: rate !== null && rate > THUMBS_DOWN_ALARM }));
}
