import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from '../../components/Link';
import { LogText } from '../../components/LogText';
import { QueryState } from '../../components/QueryState';
import { TableDownload } from '../../components/TableDownload';
import { formatCount, formatDuration, formatTimestamp, pluralize } from '../../lib/format';
import type { ExportColumn } from '../../lib/table-export';
import { sessionsUrl } from '../../links/sessions';
import { SESSION_SIGNAL_DEFINITIONS } from '../../model/session/signals';
import { useDataset } from '../../session/dataset';
import {
  allFullSummaryRowsOptions, FULL_SUMMARY_PAGE_ROWS, fullSummaryRowsOptions, fullSummaryTotalsOptions, type FullSummaryRow, type FullSummarySort, type FullSummaryView,
} from '../../queries/full-dataset-summary';

interface Column {
  id: FullSummarySort;
  label: string;
  title?: string;
  numeric?: boolean;
  value(row: FullSummaryRow): string | number | null;
}

const text = (id: 'user_id' | 'surface' | 'category', label: string): Column => ({ id, label, value: (row) => row[id] });
const count = (id: Extract<FullSummarySort, keyof FullSummaryRow>, label: string, title?: string): Column => ({ id, label, title, numeric: true, value: (row) => row[id] as number });
/** The signals a sessions-summary file holds (schema/sessions-summary.ts): not drift, which needs the events, nor failed, added after. */
const signal = (id: Extract<keyof typeof SESSION_SIGNAL_DEFINITIONS, FullSummarySort>): Column =>
  count(id, SESSION_SIGNAL_DEFINITIONS[id].label, SESSION_SIGNAL_DEFINITIONS[id].counts);

const COLUMNS: Column[] = [
  { id: 'session_id', label: 'session', value: (row) => row.session_id },
  text('user_id', 'user'), text('surface', 'surface'), text('category', 'category'),
  { id: 'start_ts', label: 'start', value: (row) => row.start_ts },
  { id: 'duration_ms', label: 'duration', numeric: true, value: (row) => row.duration_ms },
  count('events', 'events'), count('prompts', 'prompts'), count('retrievals', 'retrievals'), count('actions', 'actions'),
  signal('masked'), signal('orf'), signal('empty'), signal('clarify'), signal('handoff'), signal('down'), signal('wrong'),
  signal('rewrite'), signal('completion'),
];

const DOWNLOAD_COLUMNS: ExportColumn<FullSummaryRow>[] = [
  ...COLUMNS.map((column) => ({ header: column.id, value: column.value })),
  { header: 'end_ts', value: (row) => row.end_ts }, { header: 'run_id', value: (row) => row.run_id },
  { header: 'worst_verdict', value: (row) => row.worst_verdict }, { header: 'events_loaded', value: (row) => row.loaded },
];

/** The header stays in view while the rows scroll under it. */
const STICKY_HEAD = { position: 'sticky', top: 0, background: 'var(--panel)' } as const;

function Cell({ column, row }: { column: Column; row: FullSummaryRow }) {
  if (column.id === 'session_id') {
    return (
      <td className="mono">
        {row.loaded ? <Link href={sessionsUrl.href({ session: row.session_id })}><LogText text={row.session_id} /></Link>
          : <span title="Not in the loaded events"><LogText text={row.session_id} /></span>}
      </td>
    );
  }
  if (column.id === 'start_ts') return <td className="num">{formatTimestamp(row.start_ts)}</td>;
  if (column.id === 'duration_ms') return <td className="num">{formatDuration(row.duration_ms)}</td>;
  const value = column.value(row);
  if (column.numeric) return <td className={`num${value === 0 ? ' text-soft' : ''}`}>{formatCount(value as number)}</td>;
  return <td>{value === null ? <span className="text-soft">—</span> : <LogText text={String(value)} />}</td>;
}

/**
 * A sessions summary written by `retrieval-inspector export --sessions-summary` over logs too
 * large for a tab: the largest sessions by any column, and links into the sessions whose events
 * are loaded (a sample exported beside it). Nothing when no summary is loaded.
 */
export function FullDatasetSummary() {
  const dataset = useDataset();
  const [view, setView] = useState<FullSummaryView>({ sort: 'events', descending: true, loadedOnly: false });
  const totals = useQuery(fullSummaryTotalsOptions(dataset));
  const rows = useQuery({ ...fullSummaryRowsOptions(dataset, view), enabled: (totals.data?.sessions ?? 0) > 0 });
  const queryClient = useQueryClient();
  const loadRows = useCallback(() => queryClient.fetchQuery(allFullSummaryRowsOptions(dataset, view)), [queryClient, dataset, view]);
  const total = totals.data;
  if (!total || total.sessions === 0) return null;
  const onSort = (column: Column) => setView((current) => ({
    ...current, sort: column.id, descending: current.sort === column.id ? !current.descending : column.numeric === true || column.id === 'start_ts',
  }));
  const shown = view.loadedOnly ? total.loaded : total.sessions;
  return (
    <section className="panel" aria-label="Summary of the full dataset">
      <header className="screen-panel-head">
        <h2>Summary of the full dataset ({pluralize(total.sessions, 'session')}, from the command line)</h2>
        <TableDownload name="full-dataset-sessions" columns={DOWNLOAD_COLUMNS} rows={rows.data ?? []} total={shown} loadRows={loadRows} label="Download all rows" />
      </header>
      <p className="text-soft">
        {formatCount(total.events)} events from {formatTimestamp(total.first_ts)} to {formatTimestamp(total.last_ts)};{' '}
        {total.loaded === 0 ? 'none of these sessions has its events loaded.' : `${pluralize(total.loaded, 'session')} with events loaded here (linked).`}
        {shown > FULL_SUMMARY_PAGE_ROWS && ` The first ${formatCount(FULL_SUMMARY_PAGE_ROWS)} in the chosen order are shown.`}
      </p>
      {total.loaded > 0 && (
        <label>
          <input type="checkbox" checked={view.loadedOnly} onChange={(event) => setView((current) => ({ ...current, loadedOnly: event.target.checked }))} />
          {' '}only the sessions with events loaded
        </label>
      )}
      <QueryState query={rows} label="the sessions summary" />
      <div style={{ overflow: 'auto', maxHeight: 420 }}>
        <table className="data" aria-label="Sessions of the full dataset" style={{ whiteSpace: 'nowrap' }}>
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const active = view.sort === column.id;
                return (
                  <th key={column.id} className={column.numeric ? 'num' : undefined} style={STICKY_HEAD} aria-sort={active ? (view.descending ? 'descending' : 'ascending') : 'none'}>
                    <button type="button" className="sort-button" title={column.title} onClick={() => onSort(column)}>
                      {column.label}<span aria-hidden className="sort-mark">{active ? (view.descending ? '▼' : '▲') : ''}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.data?.map((row) => (
              <tr key={row.session_id}>{COLUMNS.map((column) => <Cell key={column.id} column={column} row={row} />)}</tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
