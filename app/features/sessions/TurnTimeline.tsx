import { useEffect, useRef } from 'react';
import { formatTimestamp, pluralize } from '../../lib/format';
import type { TimelineTurn } from '../../model/lineage/timeline';
import { TimelineEvent } from './TimelineEvent';

interface TurnTimelineProps {
  turns: readonly TimelineTurn[];
  selectedNode: string | null;
  onSelectNode(id: string): void;
}

/** The session turn by turn; the event (or ranked result) of the selected graph node scrolls into view. */
export function TurnTimeline({ turns, selectedNode, onSelectNode }: TurnTimelineProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!selectedNode) return;
    const target = [...(list.current?.querySelectorAll('[data-node-id]') ?? [])].find((element) => element.getAttribute('data-node-id') === selectedNode);
    target?.scrollIntoView({ block: 'nearest' });
  }, [selectedNode]);
  return (
    <ol className="turns" ref={list} aria-label="Turn timeline">
      {turns.map((turn) => (
        <li key={turn.turnId ?? '(none)'} className="turn">
          <div className="turn-head">
            <span className="mono">{turn.turnId ?? 'events outside any turn'}</span>
            <span className="text-soft">{formatTimestamp(turn.startTs)} · {pluralize(turn.entries.length, 'event')}</span>
          </div>
          <ol className="events">
            {turn.entries.map((entry) => <TimelineEvent key={entry.event.seq} entry={entry} selectedNode={selectedNode} onSelectNode={onSelectNode} />)}
          </ol>
        </li>
      ))}
    </ol>
  );
}
