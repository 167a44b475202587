import { queryOptions } from '@tanstack/react-query';
import { loadQueueItem } from '../engine/sql/annotation/queue-item-context';
import { loadQueueCandidates, loadQueueVotes } from '../engine/sql/annotation/queue-items';
import type { QueueKind } from '../model/annotation/queue';
import { coordinatedQueryFn } from './coordinated-query';
import { datasetKey, type DatasetRef } from './dataset-key';

/**
 * Keeps the last result of the same queue (or item) on screen while it re-runs: a label given
 * here changes the dataset version, and the annotator should not see the item blank out after
 * every keypress. Unlike `sameDatasetPlaceholder`, this holds across versions — a label only
 * adds to what was shown, and the new result replaces it within the moment.
 */
const sameTarget = (...parts: unknown[]) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
    previousQuery && parts.every((part, i) => previousQuery.queryKey[2 + i] === part) ? previous : undefined;

/** The items a queue of `kind` is picked from and their labels of that kind. */
export const queueCandidatesOptions = (dataset: DatasetRef, kind: QueueKind) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'annotate', 'candidates', kind),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => loadQueueCandidates(engine, kind)),
    enabled: dataset.engine !== null,
    placeholderData: sameTarget('annotate', 'candidates', kind),
  });

/** The agreement votes on labels of `kind`, for the queue of disagreements (asked for only by that queue). */
export const queueVotesOptions = (dataset: DatasetRef, kind: QueueKind, enabled: boolean) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'annotate', 'votes', kind),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => loadQueueVotes(engine, kind)),
    enabled: enabled && dataset.engine !== null,
    placeholderData: sameTarget('annotate', 'votes', kind),
  });

/** One item with the context an annotator needs and the labels already on it. */
export const queueItemOptions = (dataset: DatasetRef, kind: QueueKind, itemId: string | null) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'annotate', 'item', kind, itemId),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => loadQueueItem(engine, kind, itemId!)),
    enabled: dataset.engine !== null && itemId !== null,
    placeholderData: sameTarget('annotate', 'item', kind, itemId),
  });
