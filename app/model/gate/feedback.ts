import type { FeedbackReport } from '../metrics/report';

/** docs/metrics.md, Review and feedback: above this thumbs-down rate a week raises an alarm (seed 004). */
export const THUMBS_DOWN_ALARM = 0.15;

/**
 * The fewest votes a week needs before its rate can raise the alarm on the gate screen: a
 * screen setting, not part of docs/metrics.md's rule (the report gives every week's rate, no alarm).
 */
export const DEFAULT_ALARM_MIN_VOTES = 10;

export interface FeedbackWeekPoint {
  week: string;
  total: number;
  down: number;
  rate: number | null;
  /** Fewer votes than the minimum: the rate is shown, but it raises no alarm. */
  tooFewVotes: boolean;
  alarm: boolean;
}

/**
 * The feedback weeks in order, each marked when its rate is above the alarm line and it had at
 * least `minVotes` votes.
 */
export function feedbackWeeks(feedback: FeedbackReport, minVotes = DEFAULT_ALARM_MIN_VOTES): FeedbackWeekPoint[] {
  return Object.entries(feedback.by_week)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, { total, down, rate }]) => {
      const tooFewVotes = total < minVotes;
      return { week, total, down, rate, tooFewVotes, alarm: !tooFewVotes && rate !== null && rate > THUMBS_DOWN_ALARM };
    });
}
