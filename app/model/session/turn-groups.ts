export interface TimelineEvent {
  seq: number;
  ts: number | null;
  type: string;
  turn_id: string | null;
}

export interface TurnGroup<E extends TimelineEvent> {
  /** null for the session's events that serve no turn. */
  turnId: string | null;
  startTs: number | null;
  events: E[];
}

/**
 * Groups a session's events by turn, turns in the order they start, events in time order
 * (file order breaks ties). Events without a turn form one group placed by its first event.
 */
export function groupByTurn<E extends TimelineEvent>(events: readonly E[]): TurnGroup<E>[] {
  const ordered = [...events].sort((a, b) => (a.ts ?? Infinity) - (b.ts ?? Infinity) || a.seq - b.seq);
  const groups = new Map<string | null, TurnGroup<E>>();
  for (const event of ordered) {
    let group = groups.get(event.turn_id);
    if (!group) {
      group = { turnId: event.turn_id, startTs: event.ts, events: [] };
      groups.set(event.turn_id, group);
    }
    group.events.push(event);
  }
  return [...groups.values()];
}
