import { fnv1a } from '../../lib/hash';

/** Weekly answer review (docs/metrics.md, Review and feedback; seed 004: review confidently-wrong answers). */
export const DEFAULT_REVIEW_SAMPLE = 50;

export interface AnsweredResponse {
  week: string;
  event_id: string;
  session_id: string | null;
  text: string | null;
  /** Resolved answer_review verdict: correct, wrong, partial, unsupported; null when unreviewed. */
  verdict: string | null;
  /** Whether a screen's scope (surface, category, system) keeps the response; absent = kept. */
  in_scope?: boolean;
}

export interface ReviewWeek {
  week: string;
  /** Answered responses of the week. */
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

/**
 * The weekly review seen through a scope: each week's sample is drawn from every answered
 * response (the sample reviewers work on), then only its responses in scope are kept, and
 * `answered` counts the week's responses in scope. Weeks with none in scope are left out.
 */
export function reviewWeeksInScope(responses: AnsweredResponse[], size = DEFAULT_REVIEW_SAMPLE): ReviewWeek[] {
  const inScope = (response: AnsweredResponse) => response.in_scope !== false;
  const answered = (week: string) => responses.filter((response) => response.week === week && inScope(response)).length;
  return weeklyReview(responses, size)
    .map((week) => ({ week: week.week, answered: answered(week.week), sample: week.sample.filter(inScope) }))
    .filter((week) => week.answered > 0);
}
