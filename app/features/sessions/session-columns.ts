import { formatCount, formatDuration, formatTimestamp } from '../../lib/format';
import type { ExportColumn } from '../../lib/table-export';
import { signalCount, type SessionListRow, type SessionListSort } from '../../model/session/session-list';
import { SESSION_SIGNAL_DEFINITIONS, SESSION_SIGNALS, type SessionSignal } from '../../model/session/signals';

export type ColumnId = SessionListSort | 'match';

export interface ListColumn {
  id: ColumnId;
  label: string;
  /** The header's tooltip: what the column counts. */
  description?: string;
  numeric?: boolean;
  mono?: boolean;
  /**
   * The header reads bottom to top: a count whose name is far wider than its numbers ("completions"
   * over "0"), so the default columns fit 1280 px.
   */
  vertical?: boolean;
  /** A signal column: zero is shown faint, so the sessions that have it stand out. */
  signal?: SessionSignal;
  /** The cell as shown: what is measured for the column's width and written by the download. */
  text(row: SessionListRow): string;
}

const SUMMARY_COLUMNS: ListColumn[] = [
  { id: 'session_id', label: 'session', mono: true, text: (r) => r.session_id },
  { id: 'user_id', label: 'user', text: (r) => r.user_id ?? '—' },
  { id: 'surface', label: 'surface', text: (r) => r.surface ?? '—' },
  { id: 'start_ts', label: 'start (UTC)', text: (r) => formatTimestamp(r.start_ts) },
  { id: 'duration_ms', label: 'duration', numeric: true, text: (r) => formatDuration(r.duration_ms) },
  { id: 'prompts', label: 'prompts', numeric: true, vertical: true, text: (r) => formatCount(r.prompts) },
  { id: 'retrievals', label: 'retrievals', numeric: true, vertical: true, text: (r) => formatCount(r.retrievals) },
  { id: 'actions', label: 'actions', numeric: true, vertical: true, text: (r) => formatCount(r.actions) },
];

const signalColumn = (signal: SessionSignal): ListColumn => ({
  id: signal,
  label: SESSION_SIGNAL_DEFINITIONS[signal].label,
  description: SESSION_SIGNAL_DEFINITIONS[signal].counts,
  numeric: signal !== 'wrong',
  vertical: signal !== 'wrong',
  signal,
  text: (row) => {
    if (signal === 'wrong') return row.worst_verdict ?? '—';
    if (signal === 'drift' && row.drift === null) return '…';
    return formatCount(signalCount(row, signal));
  },
});

/** Where the search matched: the field, then the text around the match. */
const MATCH_COLUMN: ListColumn = {
  id: 'match',
  label: 'match',
  description: 'Where the search matched first: a prompt, a query, a response or an id',
  text: (row) => (row.snippet ? `${row.snippet.field}: ${row.snippet.before}${row.snippet.match}${row.snippet.after}` : ''),
};

/** The columns on screen: the match beside the session while searching, then the summary, then the signals. */
export function listColumns(searching: boolean): ListColumn[] {
  const [session, ...rest] = SUMMARY_COLUMNS;
  return [session, ...(searching ? [MATCH_COLUMN] : []), ...rest, ...SESSION_SIGNALS.map(signalColumn)];
}

/** A count cell as a number, so a spreadsheet sums it; every other cell as shown (a duration stays "3 min 2 s"). */
function exportValue(column: ListColumn, row: SessionListRow): string | number {
  if (column.signal && column.signal !== 'wrong' && !(column.signal === 'drift' && row.drift === null)) return signalCount(row, column.signal);
  if (column.id === 'prompts' || column.id === 'retrievals' || column.id === 'actions') return row[column.id];
  return column.text(row);
}

/** The download of the table: its columns as headed, its cells as shown. */
export const exportColumns = (columns: readonly ListColumn[]): ExportColumn<SessionListRow>[] =>
  columns.map((column) => ({ header: column.label, value: (row) => exportValue(column, row) }));
