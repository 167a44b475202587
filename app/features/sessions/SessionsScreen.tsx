import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { TableDownload } from '../../components/TableDownload';
import { navigate } from '../../lib/url-state';
import { sessionsUrl } from '../../links/sessions';
import { useScreenView } from '../../links/use-screen-view';
import { useSharedSettings } from '../../links/use-shared-settings';
import { driftCountsBySession, shapeSessionList } from '../../model/session/session-list';
import { useDataset } from '../../session/dataset';
import { driftAnalysisOptions } from '../../queries/drift';
import { sessionSearchOptions, sessionSignalsOptions, surfacesOptions } from '../../queries/sessions';
import { failedSources, ListFailure } from './ListFailure';
import { exportColumns, listColumns } from './session-columns';
import { SessionCount } from './SessionCount';
import { SessionInspector } from './SessionInspector';
import { SessionSearch } from './SessionSearch';
import { SessionTable } from './SessionTable';
import { SignalFilters } from './SignalFilters';
import { listFilter, listScope, NO_FILTERS } from './url';
import './session-list.css';

export default function SessionsScreen() {
  const dataset = useDataset();
  const view = useScreenView(sessionsUrl);
  const selected = view.session;
  // the row last opened or moved to with the keys; it stays highlighted after going back to the list
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // ↓ in the search box asks the table to take the focus
  const [rowsFocus, setRowsFocus] = useState(0);
  const open = (id: string) => {
    setHighlighted(id);
    navigate(sessionsUrl.changed({ session: id, node: null, page: null }));
  };
  const filter = useMemo(() => listFilter(view), [view]);
  const scope = useMemo(() => listScope(view), [view]);
  const search = view.search?.trim() ?? '';
  const { settings } = useSharedSettings();
  const sessions = useQuery(sessionSignalsOptions(dataset, scope, settings));
  const matches = useQuery(sessionSearchOptions(dataset, search));
  const drift = useQuery(driftAnalysisOptions(dataset));
  const surfaces = useQuery(surfacesOptions(dataset));

  const driftCounts = useMemo(
    () => (drift.data ? driftCountsBySession(drift.data.questionRuns.flatMap((run) => run.flags), scope.system) : null),
    [drift.data, scope.system],
  );
  // not while a session is open: every navigation gives a new view, and shaping a million events' sessions is not free
  const list = useMemo(() => shapeSessionList({
    sessions: selected ? [] : sessions.data ?? [], drift: driftCounts, matches: search ? matches.data ?? [] : null, search, filter,
  }), [selected, sessions.data, driftCounts, matches.data, search, filter]);
  const columns = useMemo(() => listColumns(search !== ''), [search]);

  if (nothingToShow(dataset)) return <EmptyDataset what="Sessions then appear here, one row each." />;
  if (dataset.summary.sessions === 0 && dataset.phase === 'ready') {
    return (
      <div className="empty-state panel"><h2>No sessions</h2><p>The loaded files hold no event with a <code>session_id</code>.</p></div>
    );
  }
  if (selected) return <SessionInspector key={selected} sessionId={selected} />;

  const needsDrift = filter.has.includes('drift') || filter.sort === 'drift';
  // a list that could not be read says so, never that no session matches
  const failed = failedSources([
    { query: sessions, label: 'the session list' },
    ...(search !== '' ? [{ query: matches, label: 'the search' }] : []),
    ...(needsDrift ? [{ query: drift, label: 'the drift flags' }] : []),
  ]);
  const loading = dataset.phase !== 'ready' || sessions.isPending || (search !== '' && matches.isPending) || (needsDrift && drift.isPending);
  const shown = loading || failed.length > 0 ? [] : list.rows;
  // while a new search runs, the last one's rows stay, marked as such
  const searching = search !== '' && matches.isPlaceholderData;
  return (
    <div className="sessions-layout">
      <section className="panel sessions-list" aria-label="Sessions">
        <div className="toolbar">
          <SessionSearch search={view.search ?? ''} onArrowDown={() => setRowsFocus((n) => n + 1)} />
          <select aria-label="Surface" value={view.surface ?? ''} onChange={(event) => navigate(sessionsUrl.changed({ surface: event.currentTarget.value }))}>
            <option value="">All surfaces</option>
            {surfaces.data?.map((name) => <option key={name} value={name}>{name}</option>)}
          </select>
          {failed.length === 0 && <SessionCount shown={list.rows.length} total={list.total} busy={loading ? 'Loading…' : searching ? 'Searching…' : null} />}
          <span className="text-soft keys-hint"><kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> open</span>
          <TableDownload name="sessions" columns={exportColumns(columns)} rows={shown} />
        </div>
        <SignalFilters view={view} withSignal={loading || failed.length > 0 ? null : list.withSignal} />
        {failed.length > 0 ? <ListFailure failed={failed} /> : (
          <SessionTable
            rows={shown}
            columns={columns}
            busy={searching}
            filter={filter}
            selected={highlighted}
            focusRequest={rowsFocus}
            empty={loading ? <div className="empty-state">Loading sessions…</div> : (
              <div className="empty-state">
                <p>No session matches this filter.</p>
                <button type="button" className="button" onClick={() => navigate(sessionsUrl.changed(NO_FILTERS))}>Clear filters</button>
              </div>
            )}
            onHighlight={setHighlighted}
            onSelect={open}
          />
        )}
      </section>
    </div>
  );
}
