import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ASSET_SEARCH_ROW, assetSearchQuery, type AssetSearchRow } from '../engine/sql/annotation/asset-search';
import { ITEM_LABEL_ROW, itemLabelsQuery, type ItemLabelRow, type LabelTargets } from '../engine/sql/annotation/item-labels';
import {
  NOT_RETURNED_ROW, notReturnedLabeledQuery, RESOLVED_INTENT_ROW, RESOLVED_VERDICT_ROW, resolvedIntentsQuery, resolvedVerdictsQuery,
  type NotReturnedRow, type ResolvedIntentRow, type ResolvedVerdictRow,
} from '../engine/sql/annotation/session-labels';
import type { Engine } from '../engine/engine';
import { run } from '../engine/sql/core/run';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';

export type { AssetSearchRow, ItemLabelRow, NotReturnedRow, ResolvedIntentRow, ResolvedVerdictRow };

/** The items of one session that take labels: its retrievals, its turns, its responses. */
export type SessionLabelTargets = Required<LabelTargets>;

/** Every label on a session's items, and what resolves from them beyond what the timeline already shows. */
export interface SessionLabels {
  labels: ItemLabelRow[];
  notReturned: NotReturnedRow[];
  intents: ResolvedIntentRow[];
  verdicts: ResolvedVerdictRow[];
}

/**
 * The labels of a session's items (`labelTargets` of its events): one job of the session inspector.
 * The costliest statement goes last: a job stops before its next statement once the user has
 * moved on (the coordinator's cancellation), so the next session waits for a short one.
 */
export async function loadSessionLabels(engine: Engine, targets: SessionLabelTargets): Promise<SessionLabels> {
  const notReturned = await run(engine, notReturnedLabeledQuery(targets.retrievalIds, targets.retrievalSeqRange), NOT_RETURNED_ROW);
  const intents = await run(engine, resolvedIntentsQuery(targets.turnIds), RESOLVED_INTENT_ROW);
  const verdicts = await run(engine, resolvedVerdictsQuery(targets.responseIds), RESOLVED_VERDICT_ROW);
  const labels = await run(engine, itemLabelsQuery(targets), ITEM_LABEL_ROW);
  return { labels, notReturned, intents, verdicts };
}

/** No item to label (the inspector before its rows are in): no labels to ask for. */
const hasItems = ({ retrievalIds, turnIds, responseIds }: SessionLabelTargets) => retrievalIds.length + turnIds.length + responseIds.length > 0;

/**
 * A label bumps the dataset version, so every key changes; the previous result stays on screen
 * until the new one is in (the items are the same, only their labels moved), so the inspector
 * never flashes empty under the annotator's pointer.
 */
export const sessionLabelsOptions = (dataset: DatasetRef, targets: SessionLabelTargets) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'session-labels', targets),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => loadSessionLabels(engine, targets), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null && hasItems(targets),
    placeholderData: keepPreviousData,
  });

/** Catalog entries by id or title (asset-search.ts), for marking an asset a retrieval missed. */
export const assetSearchOptions = (dataset: DatasetRef, text: string) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'asset-search', text.trim()),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => run(engine, assetSearchQuery(text), ASSET_SEARCH_ROW)),
    enabled: dataset.engine !== null && text.trim() !== '',
    placeholderData: sameDatasetPlaceholder(dataset),
  });
