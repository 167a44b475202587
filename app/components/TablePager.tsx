import { useState } from 'react';
import { formatCount, pluralize } from '../lib/format';

/** Where a page sits among all rows: page `index` (0-based) of `size` rows, `total` rows in all. */
export interface PageSpan {
  index: number;
  size: number;
  total: number;
}

export const pageCount = ({ size, total }: PageSpan) => Math.max(1, Math.ceil(total / size));

/** "Rows 1–500 of 1,734" with Previous and Next; nothing to page through writes only the count. */
export function TablePager({ span, label, onPage, busy = false }: { span: PageSpan; label: string; onPage(index: number): void; busy?: boolean }) {
  const { index, size, total } = span;
  const pages = pageCount(span);
  const first = Math.min(total, index * size + 1);
  const last = Math.min(total, (index + 1) * size);
  return (
    <nav className="table-pager" aria-label={`${label} pages`}>
      <span className="table-pager-count" data-testid="table-pager.count">
        {total === 0 ? 'No rows' : pages === 1 ? pluralize(total, 'row') : `Rows ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
      </span>
      {pages > 1 && (
        <>
          <button type="button" className="button subtle small" disabled={index === 0 || busy} onClick={() => onPage(index - 1)}>← Previous</button>
          <span className="text-soft">page {formatCount(index + 1)} of {formatCount(pages)}</span>
          <button type="button" className="button subtle small" disabled={index >= pages - 1 || busy} onClick={() => onPage(index + 1)}>Next →</button>
        </>
      )}
      {busy && <span className="text-soft" role="status">loading…</span>}
    </nav>
  );
}

/** Pages over rows already loaded; the page goes back to the first when the rows change length (a new filter). */
export function useRowPages<Row>(rows: readonly Row[], size: number) {
  const [state, setState] = useState({ index: 0, total: rows.length });
  const index = state.total === rows.length ? Math.min(state.index, pageCount({ index: 0, size, total: rows.length }) - 1) : 0;
  return {
    span: { index, size, total: rows.length },
    pageRows: rows.slice(index * size, (index + 1) * size),
    setPage: (next: number) => setState({ index: next, total: rows.length }),
  };
}
