import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatCount, formatDuration, formatTimestamp } from '../../lib/format';
import { groupByTurn } from '../../model/session/turn-groups';
import { useDataset } from '../../queries/dataset';
import { sessionEventsOptions, sessionSummaryOptions } from '../../queries/sessions';
import { EventItem } from './EventItem';
import { QueryState } from '../../components/QueryState';

export function SessionDetail({ sessionId, onClose }: { sessionId: string; onClose(): void }) {
  const dataset = useDataset();
  const summary = useQuery(sessionSummaryOptions(dataset, sessionId));
  const events = useQuery(sessionEventsOptions(dataset, sessionId));
  const turns = useMemo(() => groupByTurn(events.data ?? []), [events.data]);

  return (
    <section className="panel session-detail" aria-label={`Session ${sessionId}`}>
      <header className="detail-header">
        <div>
          <h2 className="mono">{sessionId}</h2>
          {summary.data ? (
            <div className="text-soft">
              {summary.data.user_id ?? 'no user'} · {summary.data.surface ?? 'no surface'}
              {summary.data.run_id ? ` · run ${summary.data.run_id}` : ''} · {formatTimestamp(summary.data.start_ts)} · {formatDuration(summary.data.duration_ms)} ·{' '}
              {formatCount(summary.data.prompts)} prompts · {formatCount(summary.data.retrievals)} retrievals · {formatCount(summary.data.actions)} actions ·{' '}
              {formatCount(summary.data.completions)} completions
            </div>
          ) : summary.isFetched ? (
            <div className="text-bad">No session with this id is loaded.</div>
          ) : null}
        </div>
        <button type="button" className="button subtle" onClick={onClose} aria-label="Close session">✕</button>
      </header>
      <QueryState query={events} label="this session's events" />
      <ol className="turns">
        {turns.map((turn) => (
          <li key={turn.turnId ?? '(none)'} className="turn">
            <div className="turn-head">
              <span className="mono">{turn.turnId ?? 'events outside any turn'}</span>
              <span className="text-soft">{formatTimestamp(turn.startTs)} · {turn.events.length} events</span>
            </div>
            <ol className="events">
              {turn.events.map((event) => <EventItem key={event.seq} event={event} />)}
            </ol>
          </li>
        ))}
      </ol>
    </section>
  );
}
