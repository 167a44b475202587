import type { GivenLabel } from '../../schema/given-label';
import { BOUNDED_FIGURES, type BoundedFigure } from '../metrics/report';

/** A pool item as the queue holds it (engine/sql/compare/pool.ts reads them in pool order). */
export interface PoolQueueItem {
  query: string;
  asset_id: string;
  /** The retrievals whose first K hold the asset unlabeled: the item leaves the pool when each has a label for it. */
  retrieval_ids: readonly string[];
}

/** An item's key in links and lists: its query and asset, which together name it. */
export const poolItemKey = (item: { query: string; asset_id: string }) => JSON.stringify([item.query, item.asset_id]);

const labelKey = (retrievalId: string, assetId: string) => `${retrievalId}\u0000${assetId}`;

/** The (retrieval, asset) pairs that a relevance label given here covers, each with the latest such label. */
export function givenRelevance(given: readonly GivenLabel[]): ReadonlyMap<string, GivenLabel> {
  const byPair = new Map<string, GivenLabel>();
  for (const label of given) if (label.kind === 'relevance') byPair.set(labelKey(label.retrieval_id, label.asset_id), label);
  return byPair;
}

/** Done here: every list of the item has a relevance label given in this browser for its asset. */
export const poolItemDone = (item: PoolQueueItem, given: ReadonlyMap<string, GivenLabel>) =>
  item.retrieval_ids.length > 0 && item.retrieval_ids.every((id) => given.has(labelKey(id, item.asset_id)));

/** The grade given here on the item, when its lists agree on one (the latest label of each). */
export function poolItemGrade(item: PoolQueueItem, given: ReadonlyMap<string, GivenLabel>): number | null {
  const grades = new Set(item.retrieval_ids.map((id) => given.get(labelKey(id, item.asset_id))).map((label) => (label?.kind === 'relevance' ? label.grade : null)));
  const [grade] = grades;
  return grades.size === 1 && grade !== undefined ? grade : null;
}

/** The figures whose comparison is not settled yet, in the report's order. */
export const unsettledFigures = (settled: Record<BoundedFigure, boolean>): BoundedFigure[] => BOUNDED_FIGURES.filter((figure) => !settled[figure]);
