import { useEffect, useRef } from 'react';
import { formatTimestamp, pluralize } from '../../lib/format';
import { useUrlHash } from '../../lib/url-state';
import type { SessionDrift } from '../../model/drift/flag-placement';
import type { TimelineTurn } from '../../model/lineage/timeline';
import { eventAnchor } from '../../model/session/event-anchor';
import { TimelineEvent } from './TimelineEvent';
import { TimelineSpan } from './TimelineSpan';

interface TurnTimelineProps {
  turns: readonly TimelineTurn[];
  selectedNode: string | null;
  onSelectNode(id: string): void;
  drift: SessionDrift | null;
}

const turnCounts = (turn: TimelineTurn) =>
  [turn.entries.length > 0 || turn.spans.length === 0 ? pluralize(turn.entries.length, 'event') : null, turn.spans.length > 0 ? pluralize(turn.spans.length, 'span') : null]
    .filter(Boolean)
    .join(' · ');

/** An event in the middle of the timeline pane; one taller than most of the pane (a long ranked list) with its head at the top. */
function reveal(element: Element) {
  const pane = element.closest('.timeline-pane');
  const tall = pane !== null && element.getBoundingClientRect().height > pane.clientHeight * 0.8;
  element.scrollIntoView({ block: tall ? 'start' : 'center' });
}

/**
 * The session turn by turn, with the OpenTelemetry spans no event covers among the events; the event (or ranked result) of the selected graph node scrolls into
 * view, and so does the event the URL's #fragment names (a link from a feedback to its response).
 */
export function TurnTimeline({ turns, selectedNode, onSelectNode, drift }: TurnTimelineProps) {
  const list = useRef<HTMLOListElement>(null);
  const target = useUrlHash();
  const drawn = turns.length > 0;
  // scrolled to once per selection, as soon as its event is drawn: a session opened from a link
  // (a matrix cell's retrieval) draws its turns after the selection is already in the URL
  const scrolledTo = useRef<string | null>(null);
  const opened = useRef(true);
  useEffect(() => {
    if (!selectedNode) {
      scrolledTo.current = null;
      return;
    }
    if (scrolledTo.current === selectedNode) return;
    const element = [...(list.current?.querySelectorAll('[data-node-id]') ?? [])].find((candidate) => candidate.getAttribute('data-node-id') === selectedNode);
    if (!element) return;
    scrolledTo.current = selectedNode;
    // arriving at a session: the event in the middle of the pane; a click in the graph: as little scrolling as it takes
    if (opened.current) reveal(element);
    else element.scrollIntoView({ block: 'nearest' });
    opened.current = false;
  }, [selectedNode, turns]);
  useEffect(() => {
    if (drawn && !selectedNode) opened.current = false;
  }, [drawn, selectedNode]);
  useEffect(() => {
    const element = drawn && target ? document.getElementById(target) : null;
    if (element) reveal(element);
  }, [drawn, target]);
  return (
    <ol className="turns" ref={list} aria-label="Turn timeline">
      {turns.map((turn) => (
        <li key={turn.spansOnly ? `(spans ${turn.startTs})` : (turn.turnId ?? '(none)')} className="turn">
          <div className="turn-head">
            <span className="mono">{turn.spansOnly ? 'spans outside the turns’ times' : (turn.turnId ?? 'events outside any turn')}</span>
            <span className="text-soft">{formatTimestamp(turn.startTs)} · {turnCounts(turn)}</span>
          </div>
          <ol className="events">
            {turn.items.map((item) =>
              item.kind === 'span' ? (
                <TimelineSpan key={`span:${item.span.file_id}:${item.span.seq}`} span={item.span} />
              ) : (
                <TimelineEvent key={item.entry.event.seq} entry={item.entry} selectedNode={selectedNode} onSelectNode={onSelectNode}
                  driftFlags={drift?.flagsByEvent.get(item.entry.event.seq)} answerOf={drift?.answerOf.get(item.entry.event.seq)}
                  isTarget={target === eventAnchor(item.entry.event)} />
              ),
            )}
          </ol>
        </li>
      ))}
    </ol>
  );
}
