import { fnv1a } from '../../lib/hash';

/** Weekly answer review (metrics.md, Review and feedback; seed 004: review confidently-wrong answers). */
export const DEFAULT_REVIEW_SAMPLE = 50;

export interface AnsweredResponse {
  week: string;
  event_id: string;
  session_id: string | null;
  text: string | null;
  /** Resolved answer_review verdict: correct, wrong, partial, unsupported; null when unreviewed. */
  verdict: string | null;
}

export interface ReviewWeek {
  week: string;
  answered: number;
  /** The week's deterministic sample, in sample order. The week's verdict counts and rate are the report's `review` (model/annotation/review-report.ts). */
  sample: AnsweredResponse[];
}

/**
 * The first `size` responses of the week ordered by hash(week + event_id): the same week always
 * draws the same sample, and a response added later does not reshuffle the others.
 */
export function sampleWeek(week: string, responses: AnsweredResponse[], size = DEFAULT_REVIEW_SAMPLE): AnsweredResponse[] {
  const rank = (response: AnsweredResponse) => fnv1a(`${week}:${response.event_id}`);
  return [...responses].sort((a, b) => rank(a) - rank(b) || a.event_id.localeCompare(b.event_id)).slice(0, size);
}

export function weeklyReview(responses: AnsweredResponse[], size = DEFAULT_REVIEW_SAMPLE): ReviewWeek[] {
  const weeks = [...new Set(responses.map((response) => response.week))].sort();
  return weeks.map((week) => {
    const ofWeek = responses.filter((response) => response.week === week);
    return { week, answered: ofWeek.length, sample: sampleWeek(week, ofWeek, size) };
  });
}
