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

/**
 * The session turn by turn, with the OpenTelemetry spans no event covers among the events; the event (or ranked result) of the selected graph node scrolls into
 * view, and so does the event the URL's #fragment names (a link from a feedback to its response).
 */
export function TurnTimeline({ turns, selectedNode, onSelectNode, drift }: TurnTimelineProps) {
  const list = useRef<HTMLOListElement>(null);
  const target = useUrlHash();
  useEffect(() => {
    if (!selectedNode) return;
    const element = [...(list.current?.querySelectorAll('[data-node-id]') ?? [])].find((candidate) => candidate.getAttribute('data-node-id') === selectedNode);
    element?.scrollIntoView({ block: 'nearest' });
  }, [selectedNode]);
  const drawn = turns.length > 0;
  useEffect(() => {
    if (drawn && target) document.getElementById(target)?.scrollIntoView({ block: 'center' });
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
