import { fnv1a } from '../../lib/hash';
import { disagreementItems, type AgreementVote } from './agreement';
import { parseItemKey } from './item-key';
import type { ItemLabelRow } from './item-labels';

/**
 * Labeling queues (features/annotate): which items a queue holds, in which order, and how far
 * it has got. Pure: the candidates and the labels come from engine/sql/annotation/queue-items.ts.
 */
export type QueueKind = 'relevance' | 'role' | 'intent';
export type QueuePick = 'unlabeled' | 'disagreement' | 'single' | 'sample';
export type QueueStratum = 'role' | 'surface' | 'category';

/** An item a queue may hold: a retrieval (relevance, role) or a turn (intent), with its strata. */
export interface QueueCandidate {
  item_id: string;
  role: string | null;
  surface: string | null;
  category: string | null;
  /**
   * Relevance: the distinct assets the retrieval returned, each to be graded, joined by U+001F
   * ('' for none; `candidateAssets` splits it). One string, not a list: a queue holds every
   * retrieval of the logs, and reading hundreds of thousands of lists into JavaScript costs more
   * than the query; only the items an annotator has labeled are ever split.
   */
  asset_list: string;
  /** The retrieval's query (a relevance label given by query applies to every retrieval with it). */
  query?: string | null;
}

/** The labels of this queue's kind on one item, as the pick rules and the progress read them. */
export interface ItemState {
  labels: number;
  /** Named annotators, sorted; labels without an annotator count as one more voter (`anonymous`). */
  annotators: string[];
  anonymous: boolean;
  /** What each annotator labeled: relevance the assets graded, role and intent `''`. */
  labeledBy: Map<string, Set<string>>;
}

/** The queue item a label belongs to: its retrieval (relevance, role) or its turn (intent). */
const queueItemOf = (label: ItemLabelRow) => (label.kind === 'intent' ? label.turn_id : label.retrieval_id);

/** Per queue item, the state of its labels of `kind` (labels of other kinds are ignored). */
export function itemStates(kind: QueueKind, labels: readonly ItemLabelRow[]): Map<string, ItemState> {
  const states = new Map<string, ItemState>();
  for (const label of labels) {
    const id = queueItemOf(label);
    if (label.kind !== kind || id === null) continue;
    const state = states.get(id) ?? { labels: 0, annotators: [], anonymous: false, labeledBy: new Map() };
    state.labels++;
    if (label.annotator === null) state.anonymous = true;
    else {
      const given = state.labeledBy.get(label.annotator) ?? new Set<string>();
      given.add(kind === 'relevance' ? label.asset_id ?? '' : '');
      state.labeledBy.set(label.annotator, given);
    }
    states.set(id, state);
  }
  for (const state of states.values()) state.annotators = [...state.labeledBy.keys()].sort();
  return states;
}

/**
 * The queue items with a disagreement, by the agreement rules (agreement.ts: two or more
 * annotators whose latest values differ). A relevance disagreement is on one (retrieval, asset)
 * and marks its retrieval; one on a label given by query marks every retrieval with that query.
 */
export function disagreeingItems(kind: QueueKind, candidates: readonly QueueCandidate[], votes: readonly AgreementVote[]): Set<string> {
  const items = new Set<string>();
  const byQuery = new Set<string>();
  for (const { item } of disagreementItems(votes, [], kind)) {
    const parsed = parseItemKey(kind, item);
    if (parsed === null) continue;
    if (parsed.kind !== 'relevance') items.add(parsed.id);
    else if (parsed.retrieval_id !== undefined) items.add(parsed.retrieval_id);
    else byQuery.add(parsed.query);
  }
  for (const candidate of candidates) if (candidate.query != null && byQuery.has(candidate.query)) items.add(candidate.item_id);
  return items;
}

/** Whether `annotator` has labeled the item: relevance, every asset it returned; role and intent, once. */
export function labeledBy(candidate: Pick<QueueCandidate, 'asset_list'>, state: ItemState | undefined, annotator: string): boolean {
  const given = state?.labeledBy.get(annotator);
  if (!given) return false;
  return candidateAssets(candidate).every((asset) => given.has(asset));
}

/** The distinct assets a relevance candidate returned (`asset_list` split). */
export const candidateAssets = (candidate: Pick<QueueCandidate, 'asset_list'>): string[] =>
  candidate.asset_list === '' ? [] : candidate.asset_list.split('\u001f');

export interface QueueParams {
  pick: QueuePick;
  by: QueueStratum;
  seed: string;
  size: number;
  /** The annotator the queue is for: `single` leaves out the items they labeled themself. */
  annotator: string;
}

/** The item ids of a queue, in the order it is worked through. */
export function pickQueue(candidates: readonly QueueCandidate[], states: Map<string, ItemState>, disagreeing: Set<string>, params: QueueParams): string[] {
  const voters = (state: ItemState) => state.annotators.length + (state.anonymous ? 1 : 0);
  switch (params.pick) {
    case 'unlabeled':
      return candidates.filter((c) => !states.has(c.item_id)).map((c) => c.item_id);
    case 'disagreement':
      return candidates.filter((c) => disagreeing.has(c.item_id)).map((c) => c.item_id);
    case 'single':
      return candidates.filter((c) => {
        const state = states.get(c.item_id);
        return state !== undefined && voters(state) === 1 && !state.labeledBy.has(params.annotator);
      }).map((c) => c.item_id);
    case 'sample':
      return stratifiedOrder(candidates, params.by, params.seed).slice(0, params.size);
  }
}

/** A 32-bit finalizer (MurmurHash3 fmix32) over FNV-1a, so that ids differing in one digit spread evenly. */
export function sampleRank(seed: string, id: string): number {
  let h = fnv1a(`${seed}\u001f${id}`);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export const NO_STRATUM = '(none)';

/**
 * The seeded stratified order a sample takes its first `size` items from. The rule, so that a
 * seed reproduces a sample anywhere:
 * 1. Strata: the candidates grouped by the `by` field (missing → "(none)").
 * 2. Within a stratum: ascending `sampleRank(seed, item_id)`, ties by item id.
 * 3. Interleaving: the i-th item (0-based) of a stratum of n items sits at (i + ½) / n; all items
 *    are merged by that position, ties by stratum name. Every prefix then holds each stratum in
 *    proportion to its size (within about one item per stratum), so a sample of any size is
 *    stratified.
 */
export function stratifiedOrder(candidates: readonly QueueCandidate[], by: QueueStratum, seed: string): string[] {
  const strata = new Map<string, { id: string; rank: number }[]>();
  for (const candidate of candidates) {
    const stratum = candidate[by] ?? NO_STRATUM;
    if (!strata.has(stratum)) strata.set(stratum, []);
    strata.get(stratum)!.push({ id: candidate.item_id, rank: sampleRank(seed, candidate.item_id) });
  }
  const placed: { id: string; stratum: string; position: number }[] = [];
  for (const [stratum, items] of strata) {
    items.sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    items.forEach((item, i) => placed.push({ id: item.id, stratum, position: (i + 0.5) / items.length }));
  }
  placed.sort((a, b) => a.position - b.position || (a.stratum < b.stratum ? -1 : a.stratum > b.stratum ? 1 : 0));
  return placed.map((item) => item.id);
}

export interface QueueProgress {
  total: number;
  /** Items the annotator has labeled (relevance: every returned asset graded). */
  done: number;
  /** Items with any label of the kind, by anyone. */
  labeled: number;
}

export function queueProgress(ids: readonly string[], candidates: Map<string, QueueCandidate>, states: Map<string, ItemState>, annotator: string): QueueProgress {
  let done = 0;
  let labeled = 0;
  for (const id of ids) {
    const candidate = candidates.get(id);
    const state = states.get(id);
    if (state) labeled++;
    if (candidate && labeledBy(candidate, state, annotator)) done++;
  }
  return { total: ids.length, done, labeled };
}

export const NO_ANNOTATOR = '(no annotator)';

