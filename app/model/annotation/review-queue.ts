import type { AnsweredResponse, ReviewWeek } from '../gate/review';
import type { ReviewReport } from './review-report';

/**
 * The weekly answer review as a queue (issue 9): each ISO week's deterministic sample
 * (model/gate/review.ts) is worked through item by item. Progress counts the sample; the
 * confidently-wrong rate is the report's (review-report.ts), never computed a second way here.
 */

export interface WeekProgress {
  week: string;
  /** Responses of the week whose gate decision was answer. */
  answered: number;
  sampleSize: number;
  /** Sample items with a resolved verdict. */
  reviewed: number;
  done: boolean;
}

export function weekProgress(week: ReviewWeek): WeekProgress {
  const reviewed = week.sample.filter((item) => item.verdict !== null).length;
  return { week: week.week, answered: week.answered, sampleSize: week.sample.length, reviewed, done: reviewed === week.sample.length };
}

/**
 * The week to show: the one asked for when it has a sample; else the week whose sample holds the
 * item asked for; else the latest week with something left to review; else the latest week.
 * Null when no response was answered.
 */
export function pickWeek(weeks: readonly ReviewWeek[], requested: string | null, itemId: string | null = null): ReviewWeek | null {
  const asked = weeks.find((week) => week.week === requested)
    ?? weeks.find((week) => week.sample.some((item) => item.event_id === itemId));
  if (asked) return asked;
  const open = weeks.filter((week) => !weekProgress(week).done);
  return open.at(-1) ?? weeks.at(-1) ?? null;
}

/** Where to go on from a week: the latest other week with sample items left to review; null when there is none. */
export function nextOpenWeek(weeks: readonly ReviewWeek[], current: string): WeekProgress | null {
  return weeks.map(weekProgress).filter((week) => week.week !== current && !week.done).at(-1) ?? null;
}

const unreviewed = (item: AnsweredResponse) => item.verdict === null;

/** The first sample item without a verdict, in sample order; null when the week is fully reviewed. */
export function firstToReview(sample: readonly AnsweredResponse[]): string | null {
  return sample.find(unreviewed)?.event_id ?? null;
}

/** The item `delta` places from `currentId` in sample order, held at the ends; the first item when `currentId` is not in the sample. */
export function stepItem(sample: readonly AnsweredResponse[], currentId: string | null, delta: number): string | null {
  if (sample.length === 0) return null;
  const index = sample.findIndex((item) => item.event_id === currentId);
  if (index < 0) return sample[0].event_id;
  return sample[Math.min(sample.length - 1, Math.max(0, index + delta))].event_id;
}

/**
 * Where submit-and-next goes: the next item after `currentId` still without a verdict, else the
 * first such item before it; null when nothing else is left (the week is done once this verdict lands).
 */
export function nextToReview(sample: readonly AnsweredResponse[], currentId: string): string | null {
  const index = sample.findIndex((item) => item.event_id === currentId);
  const others = [...sample.slice(index + 1), ...sample.slice(0, Math.max(0, index))];
  return others.find(unreviewed)?.event_id ?? null;
}

export interface TrendPoint {
  week: string;
  /** The report's review.by_week[week].confidently_wrong_rate; null for a week nobody reviewed. */
  rate: number | null;
  reviewed: number;
  wrong: number;
}

/** One point per ISO week that has a sample or a review, in week order, with the report's counts behind it. */
export function confidentlyWrongTrend(weeks: readonly ReviewWeek[], report: ReviewReport): TrendPoint[] {
  const names = [...new Set([...weeks.map((week) => week.week), ...Object.keys(report.by_week)])].sort();
  return names.map((week) => {
    const counts = report.by_week[week];
    return { week, rate: counts?.confidently_wrong_rate ?? null, reviewed: counts?.reviewed ?? 0, wrong: counts?.wrong ?? 0 };
  });
}
