import type { RankedAssetRow } from '../../engine/sql/annotation/queue-item-context';
import type { ItemLabelRow } from '../../model/annotation/item-labels';

/** An asset of a relevance item: graded once, at its first rank; `ranks` lists every rank it was returned at. */
export interface GradedAsset extends RankedAssetRow {
  ranks: number[];
}

/** The distinct assets of a ranked list, in the order of their first rank (the order they are graded in). */
export function distinctAssets(rows: readonly RankedAssetRow[]): GradedAsset[] {
  const byId = new Map<string, GradedAsset>();
  for (const row of rows) {
    const seen = byId.get(row.asset_id);
    if (seen) seen.ranks.push(row.rank);
    else byId.set(row.asset_id, { ...row, ranks: [row.rank] });
  }
  return [...byId.values()];
}

/** The intents field before the annotator edits it: their own latest intents on the turn, else empty. */
export function intentsDefault(labels: readonly ItemLabelRow[], annotator: string): string {
  const mine = labels.findLast((label) => label.kind === 'intent' && label.annotator === annotator);
  return mine?.intents?.join(', ') ?? '';
}

/**
 * A mouse click leaves the focus on the button, and Enter (submit and next) would then press it
 * again: after a click, the focus goes back to the page. A keyboard press (detail 0) keeps it.
 */
export function releaseAfterClick(event: { detail: number; currentTarget: EventTarget }) {
  if (event.detail > 0 && event.currentTarget instanceof HTMLElement) event.currentTarget.blur();
}
