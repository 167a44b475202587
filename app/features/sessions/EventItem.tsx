import type { EventRow } from '../../schema/fields';
import { eventRecord } from '../../schema/event-record';
import { describeEvent } from '../../model/session/describe-event';

/** One event of a timeline: time, type, what happened; expands to its raw fields and source line. */
export function EventItem({ event }: { event: EventRow & { file?: string } }) {
  const record = eventRecord(event);
  const time = event.ts == null ? '—' : new Date(event.ts).toISOString().slice(11, 23);
  return (
    <li className={`event event-${event.type}`}>
      <details>
        <summary>
          <span className="event-time mono">{time}</span>
          <span className={`event-type type-${event.type}`}>{event.type}</span>
          <span className="event-text">{describeEvent(record)}</span>
        </summary>
        <div className="event-raw">
          <div className="text-soft">
            {event.file ?? `file ${event.file_id}`}, line {event.line}
            {event.extra ? ' · has fields outside the schema (kept as they were)' : ''}
          </div>
          <pre className="raw">{JSON.stringify(record, null, 2)}</pre>
        </div>
      </details>
    </li>
  );
}
