/** A session event as feedback links read it. */
export interface LinkedEvent {
  type: string;
  seq: number;
  event_id: string | null;
  target_event_id: string | null;
}

export interface FeedbackLinks<E extends LinkedEvent> {
  /** The feedback events of the session naming each event (`target_event_id`), by the named event's id, in time order. */
  feedbackOn: Map<string, E[]>;
  /** The event each feedback event names, by the feedback's `seq`, when that event is in the session. */
  targetOf: Map<number, E>;
}

/** Thumbs up / down on the event they concern (usually a response), and from the feedback back to it. */
export function feedbackLinks<E extends LinkedEvent>(events: readonly E[]): FeedbackLinks<E> {
  const byId = new Map(events.flatMap((event) => (event.event_id ? [[event.event_id, event] as const] : [])));
  const feedbackOn = new Map<string, E[]>();
  const targetOf = new Map<number, E>();
  for (const event of events) {
    if (event.type !== 'feedback' || !event.target_event_id) continue;
    feedbackOn.set(event.target_event_id, [...(feedbackOn.get(event.target_event_id) ?? []), event]);
    const target = byId.get(event.target_event_id);
    if (target) targetOf.set(event.seq, target);
  }
  return { feedbackOn, targetOf };
}
