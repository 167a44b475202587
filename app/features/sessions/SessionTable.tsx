import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { navigate } from '../../lib/url-state';
import { sessionsUrl } from '../../links/sessions';
import { signalCount, type SessionListFilter, type SessionListRow } from '../../model/session/session-list';
import { LogText } from '../../components/LogText';
import { useColumnWidths } from './column-widths';
import { ColumnResizeHandle } from './ColumnResizeHandle';
import type { ListColumn } from './session-columns';

const ROW_HEIGHT = 32;
const SCROLLBAR_ALLOWANCE = 24;

/** A row's cell: the search match with its text highlighted, a signal faint at zero, else its text. */
function Cell({ column, row }: { column: ListColumn; row: SessionListRow }) {
  const text = column.text(row);
  if (column.id === 'match' && row.snippet) {
    const { field, before, match, after } = row.snippet;
    return (
      <div role="cell" className="match-cell" title={text}>
        <span className="match-field">{field}</span> {before}<mark>{match}</mark>{after}
      </div>
    );
  }
  const quiet = column.signal !== undefined && (column.signal === 'wrong' ? row.worst_verdict === null : signalCount(row, column.signal) === 0);
  const classes = [column.numeric ? 'num' : '', column.mono ? 'mono' : '', quiet ? 'quiet' : '',
    column.signal === 'wrong' && row.worst_verdict ? `list-verdict-${row.worst_verdict}` : ''];
  return <div role="cell" className={classes.filter(Boolean).join(' ') || undefined} title={column.numeric ? undefined : text}>{column.numeric ? text : <LogText text={text} shown={300} more={false} />}</div>;
}

const ROW_ID = (index: number) => `session-row-${index}`;
/** The sort order a header's first click gives: names A→Z, everything else most first. */
const firstDescending = (id: ListColumn['id']) => id !== 'session_id' && id !== 'user_id' && id !== 'surface';

/**
 * Only the visible rows are in the DOM, so 100,000 sessions scroll as smoothly as 100. Columns
 * are as wide as their content (column-widths.ts) or as the user dragged them; the header
 * scrolls sideways with the body.
 *
 * The keyboard: the table is one Tab stop (a roving focus). In the rows ↑/↓ (j/k), Home/End and
 * Page Up/Down move the highlight (aria-activedescendant), Enter opens; ↑ on the first row goes to
 * the header, where ←/→ move between columns, Enter sorts, Shift+←/→ resizes and ↓ goes back to
 * the rows.
 */
export function SessionTable(props: {
  rows: SessionListRow[];
  columns: ListColumn[];
  /** The rows are those of the last search while a new one runs. */
  busy: boolean;
  filter: SessionListFilter;
  /** The highlighted row: arrow keys move it, Enter or a click opens the session. */
  selected: string | null;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** Bumped to move the focus into the rows (↓ in the search box). */
  focusRequest?: number;
  onHighlight(id: string | null): void;
  onSelect(id: string): void;
}) {
  const { rows, columns, busy, filter, selected, empty, focusRequest, onHighlight, onSelect } = props;
  const head = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const sortButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const [headColumn, setHeadColumn] = useState(0);
  const { widths, resize, reset } = useColumnWidths(columns, rows);
  const totalWidth = widths.reduce((sum, width) => sum + width, 0);
  const grid = { gridTemplateColumns: `${widths.map((width) => `${width}px`).join(' ')} minmax(0, 1fr)`, minWidth: totalWidth };
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const selectedIndex = selected ? rows.findIndex((row) => row.session_id === selected) : -1;

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  // back from a session, the focus returns to the row that was opened
  useEffect(() => {
    if (selected !== null) scroller.current?.focus({ preventScroll: true });
    // only when the table appears
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (focusRequest) scroller.current?.focus({ preventScroll: true });
  }, [focusRequest]);

  const highlight = (index: number) => onHighlight(rows[Math.min(rows.length - 1, Math.max(0, index))].session_id);
  const page = () => Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Escape') return onHighlight(null);
    if (event.key === 'Enter' && selected) return onSelect(selected);
    if (rows.length === 0) return;
    if ((event.key === 'ArrowUp' || event.key === 'k') && selectedIndex === 0) {
      event.preventDefault();
      return sortButtons.current[headColumn]?.focus();
    }
    const to = event.key === 'ArrowDown' || event.key === 'j' ? (selectedIndex < 0 ? 0 : selectedIndex + 1)
      : event.key === 'ArrowUp' || event.key === 'k' ? (selectedIndex < 0 ? 0 : selectedIndex - 1)
        : event.key === 'Home' ? 0 : event.key === 'End' ? rows.length - 1
          : event.key === 'PageDown' ? Math.max(0, selectedIndex) + page() : event.key === 'PageUp' ? selectedIndex - page() : null;
    if (to === null) return;
    event.preventDefault();
    highlight(to);
  };

  const onHeadKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step && event.shiftKey) {
      event.preventDefault();
      return resize(columns[index].id, widths[index] + step * 16);
    }
    if (step) {
      event.preventDefault();
      const next = Math.min(columns.length - 1, Math.max(0, index + step));
      setHeadColumn(next);
      return sortButtons.current[next]?.focus();
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (rows.length > 0 && selectedIndex < 0) highlight(0);
      scroller.current?.focus({ preventScroll: true });
    }
  };

  const sortBy = (column: ListColumn) => navigate(sessionsUrl.changed({
    sort: { column: column.id, descending: filter.sort === column.id ? !filter.descending : firstDescending(column.id) },
  }));

  return (
    <div className="vtable session-table" role="table" aria-label="Sessions table"
      aria-rowcount={rows.length + 1} aria-busy={busy}>
      {/* focus can scroll the header (a sort button at the edge): the body follows, as the header follows the body */}
      <div ref={head} className="vtable-head-scroll"
        onScroll={(event) => { if (scroller.current) scroller.current.scrollLeft = event.currentTarget.scrollLeft; }}>
        {/* wider than the rows by a scrollbar, so the header scrolls as far right as the body */}
        <div className="vtable-row vtable-head" role="row" style={{ ...grid, minWidth: totalWidth + SCROLLBAR_ALLOWANCE }}>
          {columns.map((column, index) => {
            const active = filter.sort === column.id;
            // the match column does not sort; it still takes the header's focus, so ←/→ pass through it
            return (
              <div key={column.id} role="columnheader" className={[column.numeric ? 'num' : '', column.vertical ? 'vertical' : ''].filter(Boolean).join(' ') || undefined}
                aria-sort={active ? (filter.descending ? 'descending' : 'ascending') : 'none'}>
                <button type="button" className="sort-button" title={column.description} tabIndex={-1}
                  ref={(element) => { sortButtons.current[index] = element; }}
                  aria-disabled={column.id === 'match' || undefined}
                  onFocus={() => setHeadColumn(index)}
                  onKeyDown={(event) => onHeadKeyDown(event, index)}
                  onClick={() => { if (column.id !== 'match') sortBy(column); }}>
                  <span className="sort-label">{column.label}</span>
                  <span aria-hidden className="sort-mark">{active ? (filter.descending ? '▼' : '▲') : ''}</span>
                </button>
                <ColumnResizeHandle label={column.label} width={widths[index]} onResize={(width) => resize(column.id, width)} onReset={() => reset(column.id)} />
              </div>
            );
          })}
        </div>
      </div>
      <div ref={scroller} className="vtable-body" tabIndex={0} onKeyDown={onKeyDown} role="rowgroup"
        aria-label="Sessions: ↑ ↓ move, Enter opens, ↑ on the first row reaches the column headers"
        aria-activedescendant={selectedIndex >= 0 ? ROW_ID(selectedIndex) : undefined}
        onFocus={(event) => { if (event.target === event.currentTarget && selectedIndex < 0 && rows.length > 0) highlight(0); }}
        onScroll={(event) => { if (head.current) head.current.scrollLeft = event.currentTarget.scrollLeft; }}>
        {rows.length === 0 && empty}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: totalWidth }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return (
              <div key={row.session_id} id={ROW_ID(item.index)} role="row" aria-rowindex={item.index + 2} aria-selected={row.session_id === selected}
                className="vtable-row" style={{ ...grid, transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                onClick={() => onSelect(row.session_id)}>
                {columns.map((column) => <Cell key={column.id} column={column} row={row} />)}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
