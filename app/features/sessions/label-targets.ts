import type { SessionEvent } from '../../model/lineage/timeline';
import type { SessionLabelTargets } from '../../queries/session-labels';

/** The session's items that take labels: its retrievals (relevance, role), turns (intent), responses (answer review); where its retrievals are. */
export function labelTargets(events: readonly SessionEvent[]): SessionLabelTargets {
  const ids = (type: string, id: (event: SessionEvent) => string | null | undefined) =>
    [...new Set(events.flatMap((event) => (event.type === type ? (id(event) ?? []) : [])))].sort();
  const retrievalSeqs = events.flatMap((event) => (event.type === 'retrieval' && event.retrieval_id ? [event.seq] : []));
  return {
    retrievalIds: ids('retrieval', (event) => event.retrieval_id),
    turnIds: ids('prompt', (event) => event.turn_id),
    responseIds: ids('response', (event) => event.event_id),
    // their own events hold the retrievals: the label queries read the retrievals in that range only
    retrievalSeqRange: retrievalSeqs.length > 0 ? { from: Math.min(...retrievalSeqs), to: Math.max(...retrievalSeqs) } : null,
  };
}
