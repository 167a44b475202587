import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadQueueItem } from '../engine/sql/annotation/queue-item-context';
import { loadQueueWindow, type QueueAnchor, type QueuePickParams } from '../engine/sql/annotation/queue-pick';
import type { QueueKind } from '../model/annotation/queue';
import { coordinatedQueryFn } from './coordinated-query';
import { loadedLogsKey, type DatasetRef } from './dataset-key';

/**
 * Keeps the last result of the same queue (or item) on screen while it re-runs: a label given
 * here changes the dataset version, and the annotator should not see the item blank out after
 * every keypress. Unlike `sameDatasetPlaceholder`, this holds across versions — a label only
 * adds to what was shown, and the new result replaces it within the moment.
 */
const sameTarget = (...parts: unknown[]) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
    previousQuery && parts.every((part, i) => previousQuery.queryKey[2 + i] === part) ? previous : undefined;

/** How many items before and after its anchor a queue window holds (the side list shows 8 before, 20 after). */
export const WINDOW_BEFORE = 8;
export const WINDOW_AFTER = 100;

/** The parts of a queue's key: which queue, for whom, frozen when (queue-pick.ts). */
const queueParts = (params: QueuePickParams) =>
  [params.kind, params.pick, params.pick === 'sample' ? `${params.by}|${params.seed}|${params.size}` : '', params.annotator, params.frozenAt, params.linked];

/**
 * A window of a queue picked by the engine: its progress and the items around `anchor` (an item,
 * a position, or the first open one when null), with their labels of the kind. Keyed by the loaded logs, not
 * the dataset version: the list is frozen (labels given since do not change it) and the screen
 * merges the labels given here into the window's (withGivenLabels), so a label given in the queue
 * updates it without computing it again. The last window of the same queue stays on screen while
 * another anchor's is read.
 */
export const queueWindowOptions = (dataset: DatasetRef, params: QueuePickParams, anchor: QueueAnchor) =>
  queryOptions({
    queryKey: loadedLogsKey(dataset, 'annotate', 'window', ...queueParts(params), anchor === null ? 'first-open' : 'item' in anchor ? `item:${anchor.item}` : `pos:${anchor.pos}`),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => loadQueueWindow(engine, params, anchor, WINDOW_BEFORE, WINDOW_AFTER)),
    enabled: dataset.engine !== null,
    placeholderData: sameTarget('annotate', 'window', ...queueParts(params)),
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
