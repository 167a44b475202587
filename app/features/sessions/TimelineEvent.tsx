import { DerivedBadge } from '../../components/DerivedBadge';
import { LogText } from '../../components/LogText';
import { memo, type KeyboardEvent } from 'react';
import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import type { DriftFlag } from '../../model/drift/flags';
import { describeEvent } from '../../model/session/describe-event';
import { eventAnchor } from '../../model/session/event-anchor';
import type { TimelineEntry } from '../../model/lineage/timeline';
import { eventRecord } from '../../schema/event-record';
import { DriftMarks } from './DriftMarks';
import { EventBody } from './EventBody';
import { MarkList } from './MarkList';

interface TimelineEventProps {
  entry: TimelineEntry;
  selectedNode: string | null;
  onSelectNode(id: string): void;
  /** The search-drift flags this event carries (model/drift/flag-placement.ts). */
  driftFlags: readonly DriftFlag[] | undefined;
  /** The multi-hop question-run whose final answer this response is. */
  answerOf: QuestionRunAnalysis | undefined;
  /** The URL's #fragment names this event. */
  isTarget: boolean;
}

/** One event of a turn: time, type, what happened and its marks; its body; its raw fields on demand. */
export const TimelineEvent = memo(function TimelineEvent({ entry, selectedNode, onSelectNode, driftFlags, answerOf, isTarget }: TimelineEventProps) {
  const { event, nodeId } = entry;
  const record = eventRecord(event);
  const time = event.ts == null ? '—' : new Date(event.ts).toISOString().slice(11, 23);
  const source = `${event.file ?? `file ${event.file_id}`}, line ${event.line}`;
  const select = () => nodeId && onSelectNode(nodeId);
  const onKeyDown = (keyboard: KeyboardEvent) => {
    if (keyboard.key === 'Enter' && nodeId) select();
  };
  const className = `event event-${event.type}${nodeId && nodeId === selectedNode ? ' selected' : ''}${isTarget ? ' is-target' : ''}`;
  return (
    <li id={eventAnchor(event)} className={className} data-node-id={nodeId ?? undefined} data-event-id={event.event_id ?? undefined}>
      <div className={`event-head${nodeId ? ' in-graph' : ''}`} onClick={select} onKeyDown={onKeyDown} tabIndex={nodeId ? 0 : undefined}
        title={nodeId ? 'Show in the lineage graph' : undefined}>
        <span className="event-time mono">{time}</span>
        <span className={`event-type type-${event.type}`}>{event.type}</span>
        {event.type === 'action' && <DerivedBadge derived={event.derived} />}
        <span className="event-text"><LogText text={describeEvent(record)} /></span>
      </div>
      <MarkList marks={entry.marks} />
      <DriftMarks flags={driftFlags} />
      <EventBody entry={entry} selectedNode={selectedNode} onSelectNode={onSelectNode} answerOf={answerOf} />
      <details className="event-raw-toggle">
        <summary title="The event as logged, with its file and line">raw</summary>
        <div className="raw-source text-soft">{source}{event.extra ? ' · has fields outside the schema (kept as they were)' : ''}</div>
        <pre className="raw"><LogText text={JSON.stringify(record, null, 2)} shown={4000} /></pre>
      </details>
    </li>
  );
});
