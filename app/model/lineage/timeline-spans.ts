import type { SessionSpan } from '../session/unmapped-spans';
import type { TimelineEntry, TimelineItem, TimelineTurn } from './timeline';

type TurnOfEvents = Pick<TimelineTurn, 'turnId' | 'startTs' | 'entries'>;

function timeRange(entries: readonly TimelineEntry[]): [number, number] | null {
  const times = entries.flatMap((entry) => (entry.event.ts == null ? [] : [entry.event.ts]));
  return times.length === 0 ? null : [Math.min(...times), Math.max(...times)];
}

/** Events and spans in time order; a span that starts with an event comes first (it usually encloses it). */
function inTimeOrder(entries: readonly TimelineEntry[], spans: readonly SessionSpan[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  let next = 0;
  for (const entry of entries) {
    const ts = entry.event.ts ?? Infinity;
    while (next < spans.length && spans[next].ts <= ts) items.push({ kind: 'span', span: spans[next++] });
    items.push({ kind: 'event', entry });
  }
  for (; next < spans.length; next++) items.push({ kind: 'span', span: spans[next] });
  return items;
}

/**
 * Spans carry no turn: each goes to the first turn whose time (first to last event) its run
 * overlaps; the spans that overlap none form groups of spans, one between two turns (or before
 * the first, after the last) where they start. The turns keep their order, which their first
 * events gave.
 */
export function placeSpans(turns: readonly TurnOfEvents[], spans: readonly SessionSpan[]): TimelineTurn[] {
  const ranges = turns.map((turn) => timeRange(turn.entries));
  const placed = turns.map((): SessionSpan[] => []);
  const outside: SessionSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.ts - b.ts || a.file_id - b.file_id || a.seq - b.seq)) {
    const end = span.end_ts ?? span.ts;
    const index = ranges.findIndex((range) => range !== null && span.ts <= range[1] && end >= range[0]);
    (index < 0 ? outside : placed[index]).push(span);
  }
  const result: TimelineTurn[] = turns.map((turn, index) => {
    const items = inTimeOrder(turn.entries, placed[index]);
    // a span that encloses the turn's first event starts the turn
    const first = items[0]?.kind === 'span' ? items[0].span.ts : null;
    return { ...turn, startTs: first ?? turn.startTs, spansOnly: false, spans: placed[index], items };
  });
  const gaps = new Map<number, SessionSpan[]>();
  for (const span of outside) {
    const after = result.findIndex((turn) => turn.startTs != null && turn.startTs > span.ts);
    const gap = after < 0 ? result.length : after;
    gaps.set(gap, [...(gaps.get(gap) ?? []), span]);
  }
  // from the last gap back, so that each insertion leaves the earlier positions as they were
  for (const [gap, spansInGap] of [...gaps].sort(([a], [b]) => b - a)) {
    result.splice(gap, 0, { turnId: null, startTs: spansInGap[0].ts, entries: [], spansOnly: true, spans: spansInGap, items: inTimeOrder([], spansInGap) });
  }
  return result;
}
