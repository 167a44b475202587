import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadQueueItem } from '../engine/sql/annotation/queue-item-context';
import { loadQueueCandidates, loadQueueVotes } from '../engine/sql/annotation/queue-items';
import type { QueueKind } from '../model/annotation/queue';
import { coordinatedQueryFn } from './coordinated-query';
import { datasetKey, loadedLogsKey, type DatasetRef } from './dataset-key';

/**
 * Keeps the last result of the same queue (or item) on screen while it re-runs: a label given
 * here changes the dataset version, and the annotator should not see the item blank out after
 * every keypress. Unlike `sameDatasetPlaceholder`, this holds across versions — a label only
 * adds to what was shown, and the new result replaces it within the moment.
 */
const sameTarget = (...parts: unknown[]) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
    previousQuery && parts.every((part, i) => previousQuery.queryKey[2 + i] === part) ? previous : undefined;

/**
 * The items a queue of `kind` is picked from and their labels of that kind. Keyed by the loaded
 * logs, not the dataset version: the screen merges the labels given here into these rows
 * (withGivenLabels), so a label given in the queue updates it without computing it again.
 */
export const queueCandidatesOptions = (dataset: DatasetRef, kind: QueueKind) =>
  queryOptions({
    queryKey: loadedLogsKey(dataset, 'annotate', 'candidates', kind),
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

/**
 * One item with the context an annotator needs and the labels already on it. Keyed by the loaded
 * logs, as the candidates are: its context does not change with labels, and the screen merges
 * the labels given here into its label rows; so an item prefetched stays ready however many labels
 * are given meanwhile.
 */
export const queueItemOptions = (dataset: DatasetRef, kind: QueueKind, itemId: string | null) =>
  queryOptions({
    queryKey: loadedLogsKey(dataset, 'annotate', 'item', kind, itemId),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => loadQueueItem(engine, kind, itemId!)),
    enabled: dataset.engine !== null && itemId !== null,
    placeholderData: sameTarget('annotate', 'item', kind, itemId),
  });

/** How many items after the open one are read ahead. */
export const PREFETCHED_ITEMS = 3;

/**
 * Reads the context of the `PREFETCHED_ITEMS` items after `index` in `ids` while the open one is
 * labeled (prefetch priority: after whatever the screen waits for), under the keys the item
 * panel asks for, so the next item is there when the annotator moves on.
 */
export function usePrefetchQueueItems(dataset: DatasetRef, kind: QueueKind, ids: readonly string[], index: number) {
  const queryClient = useQueryClient();
  const ahead = index < 0 ? '' : ids.slice(index + 1, index + 1 + PREFETCHED_ITEMS).join('\u001f');
  const { engine, version, loadVersion } = dataset;
  useEffect(() => {
    if (!ahead || !engine) return;
    const ref: DatasetRef = { engine, version, loadVersion };
    const ids = ahead.split('\u001f');
    let current = true;
    void Promise.all(ids.map((id) => queryClient.prefetchQuery({ ...queueItemOptions(ref, kind, id), meta: { priority: 'prefetch' } }))).then(() => {
      // the items read ahead, for browser tests to wait on rather than sleep (as data-phase)
      if (current) document.body.dataset.annotateAhead = ids.join(' ');
    });
    return () => {
      current = false;
      delete document.body.dataset.annotateAhead;
    };
    // version is read, not followed: an item read once stays for the loaded logs (loadVersion)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, engine, loadVersion, kind, ahead]);
}
