import { fnv1a } from '../../lib/hash';
import type { ItemLabelRow } from './item-labels';

/**
 * Labeling queues (features/annotate): the state of an item's labels, whether an annotator is
 * done with it, and the progress shown. Which items a queue holds, in which order, is picked by
 * the engine (engine/sql/annotation/queue-pick.ts).
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

/** Whether `annotator` has labeled the item: relevance, every asset it returned; role and intent, once. */
export function labeledBy(candidate: Pick<QueueCandidate, 'asset_list'>, state: ItemState | undefined, annotator: string): boolean {
  const given = state?.labeledBy.get(annotator);
  if (!given) return false;
  return candidateAssets(candidate).every((asset) => given.has(asset));
}

/** The distinct assets a relevance candidate returned (`asset_list` split). */
export const candidateAssets = (candidate: Pick<QueueCandidate, 'asset_list'>): string[] =>
  candidate.asset_list === '' ? [] : candidate.asset_list.split('\u001f');

/** A 32-bit finalizer (MurmurHash3 fmix32) over FNV-1a, so that ids differing in one digit spread evenly. */
export function sampleRank(seed: string, id: string): number {
  let h = fnv1a(`${seed}\u001f${id}`);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export const NO_STRATUM = '(none)';

export interface QueueProgress {
  total: number;
  /** Items the annotator has labeled (relevance: every returned asset graded). */
  done: number;
  /** Items with any label of the kind, by anyone. */
  labeled: number;
}

/**
 * A queue's progress now: `read`, counted by the engine with the labels of when its window was
 * read (queue-pick.ts), moved by the labels given or taken back here since on the window's items
 * (`statesRead` → `statesNow`: the window's labels as read, and merged with those given here).
 * Labels are given on the open item, which the window holds, so nothing given here is missed.
 */
export function windowProgress(read: QueueProgress, items: readonly (Pick<QueueCandidate, 'asset_list'> & { item_id: string })[],
  statesRead: ReadonlyMap<string, ItemState>, statesNow: ReadonlyMap<string, ItemState>, annotator: string): QueueProgress {
  let { done, labeled } = read;
  for (const item of items) {
    const [before, now] = [statesRead.get(item.item_id), statesNow.get(item.item_id)];
    labeled += Number(now !== undefined) - Number(before !== undefined);
    done += Number(labeledBy(item, now, annotator)) - Number(labeledBy(item, before, annotator));
  }
  return { total: read.total, done, labeled };
}

export const NO_ANNOTATOR = '(no annotator)';

