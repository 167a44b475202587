import { LogText } from '../../components/LogText';
import { formatTimestamp } from '../../lib/format';
import type { SessionEvent } from '../../model/lineage/timeline';
import { eventAnchor } from '../../model/session/event-anchor';

const clock = (ts: number | null) => (ts === null ? 'no time' : formatTimestamp(ts).slice(11, 19));
const jump = (event: SessionEvent) => `#${encodeURIComponent(eventAnchor(event))}`;

/** On an event (a response, usually): each thumbs up or down naming it, who gave it, the comment, a link to the feedback. */
export function FeedbackOnEvent({ event, feedback }: { event: SessionEvent; feedback: readonly SessionEvent[] }) {
  if (feedback.length === 0) return null;
  return (
    <ul className="feedback-on" aria-label={`Feedback on this ${event.type}`}>
      {feedback.map((item) => (
        <li key={item.seq} data-rating={item.rating ?? undefined}>
          <span className={`mark tone-${item.rating === 'down' ? 'warn' : item.rating === 'up' ? 'good' : 'info'}`}>thumbs {item.rating ?? '?'}</span>
          <span className="text-soft">by {item.user_id ? <LogText text={item.user_id} /> : 'an unnamed user'}</span>
          {item.comment && <span>“<LogText text={item.comment} />”</span>}
          <a href={jump(item)} className="event-jump">feedback at {clock(item.ts)} ↓</a>
        </li>
      ))}
    </ul>
  );
}

/** On a feedback event: the event it names, with a link up to it (or a note when it is not in this session). */
export function FeedbackTarget({ event, target }: { event: SessionEvent; target: SessionEvent | null }) {
  if (!event.target_event_id) return null;
  if (!target) return <div className="feedback-target text-soft">on <LogText text={event.target_event_id} />, which is not in this session</div>;
  return (
    <div className="feedback-target">
      on <a href={jump(target)} className="event-jump">the {target.type} at {clock(target.ts)} ↑</a>
      {target.text && <span className="text-soft"> “<LogText text={target.text} shown={100} more={false} />”</span>}
    </div>
  );
}
