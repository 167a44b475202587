import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { pluralize } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { sessionsUrl } from '../../links/sessions';
import { useScreenView } from '../../links/use-screen-view';
import { useDataset } from '../../queries/dataset';
import { sessionListOptions, surfacesOptions } from '../../queries/sessions';
import { SessionInspector } from './SessionInspector';
import { SessionTable } from './SessionTable';
import { listFilter } from './url';

export default function SessionsScreen() {
  const dataset = useDataset();
  const view = useScreenView(sessionsUrl);
  const selected = view.session;
  // the row last opened or moved to with the keys; it stays highlighted after going back to the list
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const open = (id: string) => {
    setHighlighted(id);
    navigate(sessionsUrl.changed({ session: id, node: null }));
  };
  const filter = useMemo(() => listFilter(view), [view]);
  const sessions = useQuery(sessionListOptions(dataset, filter));
  const surfaces = useQuery(surfacesOptions(dataset));

  if (nothingToShow(dataset)) return <EmptyDataset what="Sessions then appear here, one row each." />;
  if (dataset.summary.sessions === 0 && dataset.phase === 'ready') {
    return (
      <div className="empty-state panel"><h2>No sessions</h2><p>The loaded files hold no event with a <code>session_id</code>.</p></div>
    );
  }
  if (selected) return <SessionInspector key={selected} sessionId={selected} />;
  return (
    <div className="sessions-layout">
      <section className="panel sessions-list" aria-label="Sessions">
        <div className="toolbar">
          <input
            type="search"
            aria-label="Filter sessions"
            placeholder="Filter by session or user id…"
            defaultValue={filter.search}
            onChange={(event) => navigate(sessionsUrl.changed({ search: event.currentTarget.value }), { replace: true })}
          />
          <select aria-label="Surface" value={filter.surface ?? ''} onChange={(event) => navigate(sessionsUrl.changed({ surface: event.currentTarget.value }))}>
            <option value="">All surfaces</option>
            {surfaces.data?.map((name) => <option key={name} value={name}>{name}</option>)}
          </select>
          <span className="text-soft">{sessions.data ? pluralize(sessions.data.length, 'session') : 'Loading…'}</span>
          <span className="text-soft keys-hint"><kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> open</span>
        </div>
        <QueryState query={sessions} label="the session list" />
        <SessionTable
          rows={sessions.data ?? []}
          filter={filter}
          selected={highlighted}
          loading={dataset.phase !== 'ready' || sessions.isFetching}
          onHighlight={setHighlighted}
          onSelect={open}
        />
      </section>
    </div>
  );
}
