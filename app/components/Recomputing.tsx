import type { ReactNode } from 'react';
import './recomputing.css';

/** The label of content whose numbers belong to settings that were just changed. */
export function RecomputingMark() {
  return <span className="recomputing-mark" data-testid="recomputing">Recomputing…</span>;
}

/**
 * Content kept on screen while the query behind it runs again for new settings: dimmed, labeled
 * "Recomputing…" and aria-busy, so an old number is never read beside a new one as if current.
 * A `Panel` takes the same mark through its `recomputing` prop; this wraps anything else.
 */
export function Recomputing({ active, className, children }: { active: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={active ? 'recomputing is-recomputing' : 'recomputing'} aria-busy={active}>
      {active && <RecomputingMark />}
      <div className={className ? `recomputing-content ${className}` : 'recomputing-content'}>{children}</div>
    </div>
  );
}
