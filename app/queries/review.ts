import { queryOptions } from '@tanstack/react-query';
import { reviewReportIn } from '../engine/annotation-report';
import { loadQuestions, loadReviewItems } from '../engine/sql/annotation/review-items';
import { run } from '../engine/sql/core/run';
import { ANSWERED_RESPONSE_ROW, answeredResponsesQuery } from '../engine/sql/gate/review';
import { weeklyReview, type ReviewWeek } from '../model/gate/review';
import type { ReviewReport } from '../model/annotation/review-report';
import { coordinatedQueryFn } from './coordinated-query';
import { datasetKey, type DatasetRef } from './dataset-key';

export interface ReviewQueueData {
  /** Each ISO week's answered responses and deterministic sample (model/gate/review.ts). */
  weeks: ReviewWeek[];
  /** The report's `review` section: counts and confidently-wrong rate per week. */
  report: ReviewReport;
  /** The user's question behind each sampled response, by response event id. */
  questions: ReadonlyMap<string, string | null>;
}

/**
 * Giving a verdict bumps the dataset version, and every query re-runs. The review screen keeps
 * showing what it had meanwhile (marked stale) rather than blanking between two keystrokes; the
 * item keeps its previous result only for the same response, so no other answer is ever shown
 * under this one's header.
 */
const keepWhile = (same: (previousKey: readonly unknown[]) => boolean) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
    previousQuery && same(previousQuery.queryKey) ? previous : undefined;

/** The weekly samples and the report's review numbers (every loaded response and label; no filters). */
export const reviewQueueOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'review', 'queue'),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }): Promise<ReviewQueueData> => {
      const weeks = weeklyReview(await run(engine, answeredResponsesQuery(), ANSWERED_RESPONSE_ROW));
      const questions = await loadQuestions(engine, weeks.flatMap((week) => week.sample.map((item) => item.event_id)));
      return { weeks, report: await reviewReportIn(engine), questions };
    }),
    enabled: dataset.engine !== null,
    placeholderData: keepWhile(() => true),
  });

/** One response as the reviewer reads it, with every verdict already given on it. */
export const reviewItemOptions = (dataset: DatasetRef, responseId: string) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'review', 'item', responseId),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }) => {
      const { items, labels } = await loadReviewItems(engine, [responseId]);
      return { item: items[0] ?? null, labels };
    }),
    enabled: dataset.engine !== null,
    placeholderData: keepWhile((key) => key.at(-1) === responseId),
  });
