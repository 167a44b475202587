import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
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

/**
 * Only the visible rows are in the DOM, so 100,000 sessions scroll as smoothly as 100. Columns
 * are as wide as their content (column-widths.ts) or as the user dragged them; the header
 * scrolls sideways with the body.
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
  onHighlight(id: string | null): void;
  onSelect(id: string): void;
}) {
  const { rows, columns, busy, filter, selected, empty, onHighlight, onSelect } = props;
  const head = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const { widths, resize, reset } = useColumnWidths(columns, rows);
  const totalWidth = widths.reduce((sum, width) => sum + width, 0);
  const grid = { gridTemplateColumns: `${widths.map((width) => `${width}px`).join(' ')} minmax(0, 1fr)`, minWidth: totalWidth };
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const selectedIndex = selected ? rows.findIndex((row) => row.session_id === selected) : -1;

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') return onHighlight(null);
    if (event.key === 'Enter' && selected) return onSelect(selected);
    const step = event.key === 'ArrowDown' || event.key === 'j' ? 1 : event.key === 'ArrowUp' || event.key === 'k' ? -1 : 0;
    if (!step || rows.length === 0) return;
    event.preventDefault();
    const next = Math.min(rows.length - 1, Math.max(0, selectedIndex + step));
    onHighlight(rows[next].session_id);
  };

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
            const sortable = column.id !== 'match';
            return (
              <div key={column.id} role="columnheader" className={column.numeric ? 'num' : undefined}
                aria-sort={active ? (filter.descending ? 'descending' : 'ascending') : 'none'}>
                {sortable ? (
                  <button type="button" className="sort-button" title={column.description}
                    onClick={() => navigate(sessionsUrl.changed({ sort: { column: column.id, descending: active ? !filter.descending : column.id !== 'session_id' && column.id !== 'user_id' && column.id !== 'surface' } }))}>
                    {column.label}
                    <span aria-hidden className="sort-mark">{active ? (filter.descending ? '▼' : '▲') : ''}</span>
                  </button>
                ) : <span className="sort-button" title={column.description}>{column.label}</span>}
                <ColumnResizeHandle label={column.label} width={widths[index]} onResize={(width) => resize(column.id, width)} onReset={() => reset(column.id)} />
              </div>
            );
          })}
        </div>
      </div>
      <div ref={scroller} className="vtable-body" tabIndex={0} onKeyDown={onKeyDown} role="rowgroup"
        onScroll={(event) => { if (head.current) head.current.scrollLeft = event.currentTarget.scrollLeft; }}>
        {rows.length === 0 && empty}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: totalWidth }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return (
              <div key={row.session_id} role="row" aria-rowindex={item.index + 2} aria-selected={row.session_id === selected}
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
