import type { Stage, StageKind } from '../../schema/stages';
import { rankList } from './ranks';

/**
 * A retrieval's stage lists beside the list it returned (docs/log-format.md `stages`), and where each
 * asset an action of the retrieval consumed stands in every one of them: "used: #3 in bm25,
 * not in vector, #1 in rerank, #1 returned".
 */

export type StageListKind = StageKind | 'returned' | 'what-if';

export interface StageRow {
  /** 1-based position as listed. */
  position: number;
  assetId: string;
  title: string | null;
  score: number | null;
  /** Rank with repeats removed (ranks.ts), or null for a repeat. */
  rank: number | null;
  /** An action of the retrieval consumed this asset. */
  used: boolean;
}

export interface StageList {
  /** Unique among the lists: a repeated stage name gets " (2)", " (3)"… */
  label: string;
  kind: StageListKind;
  /** Distinct assets in the list. */
  size: number;
  /** The first `shown` positions. */
  rows: StageRow[];
  /** Positions not in `rows`. */
  hidden: number;
}

/** One list's place of a consumed asset: its rank there, or null when the list does not hold it. */
export interface UsedPlace {
  list: string;
  kind: StageListKind;
  rank: number | null;
}

export interface UsedRanks {
  assetId: string;
  title: string | null;
  /** How it was acted on: "used", or "complained" / "rejected" when every action was one (node-text.ts `usage`). */
  usage: string;
  places: UsedPlace[];
}

export interface StageComparison {
  /** The stages in pipeline order, the what-if list when there is one, then the returned list. */
  lists: StageList[];
  /** Each consumed asset, in the order the retrieval returned them (the rest after, as first acted on). */
  used: UsedRanks[];
}

export interface StageComparisonInput {
  stages: readonly Stage[];
  returned: readonly string[] | null;
  scores: readonly number[] | null;
  /** Consumed asset → how it was used, in the order of the first action on each. */
  consumed: ReadonlyMap<string, string>;
  titles: ReadonlyMap<string, string | null>;
  /** Positions listed per list; the used ranks count every position. */
  shown?: number;
  /** The list a what-if pipeline makes of the logged stages (docs/metrics.md), shown just before the returned one. */
  whatIf?: { pipeline: string; assetIds: readonly string[]; scores?: readonly number[] | null } | null;
}

/** Lists of more than this many positions show their top and say how many more there are. */
export const STAGE_ROWS_SHOWN = 100;

/** Labels unique among the lists: the second "VectorIndexRetriever" is "VectorIndexRetriever (2)". */
function uniqueLabels(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/** The stage lists and the returned list side by side, with the consumed assets' ranks; null when the retrieval has no stages. */
export function stageComparison({ stages, returned, scores, consumed, titles, shown = STAGE_ROWS_SHOWN, whatIf = null }: StageComparisonInput): StageComparison | null {
  if (stages.length === 0) return null;
  const parts = [
    ...stages.map((stage) => ({ name: stage.name, kind: stage.kind as StageListKind, assetIds: stage.asset_ids, scores: stage.scores ?? null })),
    ...(whatIf ? [{ name: `what-if ${whatIf.pipeline}`, kind: 'what-if' as const, assetIds: whatIf.assetIds, scores: whatIf.scores?.length ? whatIf.scores : null }] : []),
    { name: 'returned', kind: 'returned' as const, assetIds: returned ?? [], scores },
  ];
  const labels = uniqueLabels(parts.map((part) => part.name));
  const ranked = parts.map((part) => rankList(part.assetIds));
  const lists: StageList[] = parts.map((part, index) => {
    const seen = new Set<string>();
    const rows = part.assetIds.slice(0, shown).map((assetId, at) => {
      const first = !seen.has(assetId);
      seen.add(assetId);
      return {
        position: at + 1, assetId, title: titles.get(assetId) ?? null, score: part.scores?.[at] ?? null,
        rank: first ? ranked[index].ranks.get(assetId)! : null, used: consumed.has(assetId),
      };
    });
    return { label: labels[index], kind: part.kind, size: ranked[index].size, rows, hidden: Math.max(0, part.assetIds.length - shown) };
  });
  const returnedRanks = ranked.at(-1)!.ranks;
  const actedAt = new Map([...consumed.keys()].map((assetId, index) => [assetId, index]));
  const order = (assetId: string) => returnedRanks.get(assetId) ?? returnedRanks.size + 1 + actedAt.get(assetId)!;
  const used = [...actedAt.keys()]
    .sort((a, b) => order(a) - order(b))
    .map((assetId) => ({
      assetId,
      title: titles.get(assetId) ?? null,
      usage: consumed.get(assetId)!,
      places: lists.map((list, index) => ({ list: list.label, kind: list.kind, rank: ranked[index].ranks.get(assetId) ?? null })),
    }));
  return { lists, used };
}

/** "#3 in bm25 · not in vector · #1 in rerank · #1 returned". */
export function usedRankText(places: readonly UsedPlace[]): string {
  return places
    .map((place) => {
      if (place.kind === 'returned') return place.rank === null ? 'not returned' : `#${place.rank} returned`;
      return place.rank === null ? `not in ${place.list}` : `#${place.rank} in ${place.list}`;
    })
    .join(' · ');
}

/** A score in at most 6 characters: 0.812, 12.35, 143; a stage's scores may be BM25's, a reranker's logits or a cosine. */
export function compactScore(score: number | null): string {
  if (score === null) return '';
  const size = Math.abs(score);
  if (Number.isInteger(score) || size >= 100) return score.toFixed(0);
  return score.toFixed(size >= 10 ? 2 : 3);
}
