import { itemStates, labeledBy } from '../../../model/annotation/queue';
import { disagreeingItems, pickQueue, queueProgress } from '../../../model/annotation/queue-reference';
import type { Engine } from '../../engine';
import { loadQueueCandidates, loadQueueVotes } from './queue-items';
import type { QueuePickParams } from './queue-pick';

export interface ReferenceQueue {
  ids: string[];
  progress: { total: number; done: number; labeled: number; first_open: number | null };
}

/**
 * The queue as the screen picked it in JavaScript (tests only: the reference queue-pick.ts is
 * checked against): every candidate and label of the kind read, the pick and the progress in
 * model/annotation/queue.ts. `frozen`: the progress of these ids instead of a fresh pick.
 */
export async function referencePick(engine: Engine, params: QueuePickParams, frozen?: string[]): Promise<ReferenceQueue> {
  const { candidates, labels } = await loadQueueCandidates(engine, params.kind);
  const votes = params.pick === 'disagreement' ? await loadQueueVotes(engine, params.kind) : [];
  const states = itemStates(params.kind, labels);
  const ids = frozen ?? pickQueue(candidates, states, disagreeingItems(params.kind, candidates, votes), { ...params });
  const byId = new Map(candidates.map((candidate) => [candidate.item_id, candidate]));
  const firstOpen = ids.findIndex((id) => !labeledBy(byId.get(id)!, states.get(id), params.annotator));
  return { ids, progress: { ...queueProgress(ids, byId, states, params.annotator), first_open: firstOpen < 0 ? null : firstOpen } };
}
