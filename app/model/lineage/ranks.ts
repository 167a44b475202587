/** A retriever's list as ranks: the order it returned, each asset at its first position. */
export interface RankedList {
  /** Asset → 1-based rank in the list with repeats removed (later entries move up). */
  ranks: Map<string, number>;
  /** Distinct assets returned. */
  size: number;
}

/**
 * Ranks as the Tier 1 metrics count them (engine/sql/metrics/retrieval-base.ts): a repeated asset
 * counts at its first position only, so "used #4 of 20" agrees with P@k and nDCG@k.
 */
export function rankList(returned: readonly string[] | null | undefined): RankedList {
  const ranks = new Map<string, number>();
  for (const assetId of returned ?? []) if (!ranks.has(assetId)) ranks.set(assetId, ranks.size + 1);
  return { ranks, size: ranks.size };
}

/** One position of the list as returned, repeats included. */
export interface ListPosition {
  position: number;
  assetId: string;
  score: number | null;
  /** Rank of the asset, or null for a repeat (counted at `repeatOf`). */
  rank: number | null;
  repeatOf: number | null;
}

export function listPositions(returned: readonly string[] | null | undefined, scores: readonly number[] | null | undefined): ListPosition[] {
  const { ranks } = rankList(returned);
  const seen = new Set<string>();
  return (returned ?? []).map((assetId, index) => {
    const first = !seen.has(assetId);
    seen.add(assetId);
    const rank = ranks.get(assetId)!;
    return { position: index + 1, assetId, score: scores?.[index] ?? null, rank: first ? rank : null, repeatOf: first ? null : rank };
  });
}
