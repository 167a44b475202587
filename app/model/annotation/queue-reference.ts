import { disagreementItems, type AgreementVote } from './agreement';
import { parseItemKey } from './item-key';
import { labeledBy, NO_STRATUM, sampleRank, type ItemState, type QueueCandidate, type QueueKind, type QueueProgress, type QueuePick, type QueueStratum } from './queue';

/**
 * The queue picked in JavaScript, as the Annotate screen did until the engine picked it
 * (engine/sql/annotation/queue-pick.ts, where the rule is written now). Not used by the app: the
 * reference the engine's pick is tested against (queue-pick.test.ts, queue.test.ts).
 */
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

