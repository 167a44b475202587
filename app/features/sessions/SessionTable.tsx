import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { SessionListFilter, SessionRow, SessionSortColumn } from '../../engine/sql/sessions';
import { formatCount, formatDuration, formatTimestamp } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { sessionsUrl } from '../../links/sessions';

interface Column {
  id: SessionSortColumn;
  label: string;
  numeric?: boolean;
  render: (row: SessionRow) => string;
}

const COLUMNS: Column[] = [
  { id: 'session_id', label: 'session', render: (r) => r.session_id },
  { id: 'user_id', label: 'user', render: (r) => r.user_id ?? '—' },
  { id: 'surface', label: 'surface', render: (r) => r.surface ?? '—' },
  { id: 'start_ts', label: 'start (UTC)', render: (r) => formatTimestamp(r.start_ts) },
  { id: 'duration_ms', label: 'duration', numeric: true, render: (r) => formatDuration(r.duration_ms) },
  { id: 'prompts', label: 'prompts', numeric: true, render: (r) => formatCount(r.prompts) },
  { id: 'retrievals', label: 'retrievals', numeric: true, render: (r) => formatCount(r.retrievals) },
  { id: 'actions', label: 'actions', numeric: true, render: (r) => formatCount(r.actions) },
  { id: 'completions', label: 'completions', numeric: true, render: (r) => formatCount(r.completions) },
];

const ROW_HEIGHT = 32;

/** Only the visible rows are in the DOM, so 100,000 sessions scroll as smoothly as 100. */
export function SessionTable(props: {
  rows: SessionRow[];
  filter: SessionListFilter;
  /** The highlighted row: arrow keys move it, Enter or a click opens the session. */
  selected: string | null;
  loading: boolean;
  onHighlight(id: string | null): void;
  onSelect(id: string): void;
}) {
  const { rows, filter, selected, loading, onHighlight, onSelect } = props;
  const scroller = useRef<HTMLDivElement>(null);
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
    <div className="vtable" role="table" aria-label="Sessions table" aria-rowcount={rows.length + 1}>
      <div className="vtable-row vtable-head" role="row">
        {COLUMNS.map((column) => {
          const active = filter.sort === column.id;
          return (
            <div key={column.id} role="columnheader" className={column.numeric ? 'num' : undefined}
              aria-sort={active ? (filter.descending ? 'descending' : 'ascending') : 'none'}>
              <button type="button" className="sort-button"
                onClick={() => navigate(sessionsUrl.changed({ sort: { column: column.id, descending: active ? !filter.descending : column.numeric || column.id === 'start_ts' } }))}>
                {column.label}
                <span aria-hidden className="sort-mark">{active ? (filter.descending ? '▼' : '▲') : ''}</span>
              </button>
            </div>
          );
        })}
      </div>
      <div ref={scroller} className="vtable-body" tabIndex={0} onKeyDown={onKeyDown} role="rowgroup">
        {rows.length === 0 && <div className="empty-state">{loading ? 'Loading logs…' : 'No session matches this filter.'}</div>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return (
              <div key={row.session_id} role="row" aria-rowindex={item.index + 2} aria-selected={row.session_id === selected}
                className="vtable-row" style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                onClick={() => onSelect(row.session_id)}>
                {COLUMNS.map((column) => (
                  <div key={column.id} role="cell" className={column.numeric ? 'num' : column.id === 'session_id' ? 'mono' : undefined}>
                    {column.render(row)}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
