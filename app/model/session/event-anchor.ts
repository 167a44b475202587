/**
 * The element id of an event in the session inspector's timeline, written as the sessions URL's
 * #fragment: links from a feedback to its response and from a drift flag to its event land there.
 */
export const eventAnchor = (event: { event_id: string | null; seq: number }) => `event-${event.event_id ?? `seq-${event.seq}`}`;
