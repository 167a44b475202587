import type { SessionPage } from '../../engine/sql/session-inspector';
import { formatCount } from '../../lib/format';

const range = (first: number, last: number) => (first === last ? formatCount(first) : `${formatCount(first)}–${formatCount(last)}`);

/** "Showing turns 1–10 of 4,000 · events 1–500 of 200,000" with Previous and Next; only for a session longer than a page. */
export function TimelinePager({ page, busy, onPage }: { page: SessionPage; busy: boolean; onPage(index: number): void }) {
  const pages = Math.max(1, Math.ceil(page.events / page.size));
  if (pages === 1) return null;
  const firstEvent = page.index * page.size + 1;
  const lastEvent = Math.min(page.events, (page.index + 1) * page.size);
  return (
    <nav aria-label="Timeline pages">
      <div data-testid="timeline-pager.count">
        Showing turns {range(page.firstTurn, page.lastTurn)} of {formatCount(page.turns)} · events {range(firstEvent, lastEvent)} of {formatCount(page.events)}
      </div>
      <div className="table-pager">
        <button type="button" className="button subtle small" disabled={page.index === 0 || busy} onClick={() => onPage(page.index - 1)}>← Previous</button>
        <span className="text-soft">page {formatCount(page.index + 1)} of {formatCount(pages)}</span>
        <button type="button" className="button subtle small" disabled={page.index >= pages - 1 || busy} onClick={() => onPage(page.index + 1)}>Next →</button>
        {busy && <span className="text-soft" role="status">loading…</span>}
      </div>
    </nav>
  );
}
