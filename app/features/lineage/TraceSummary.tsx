import { formatCount, pluralize } from '../../lib/format';
import type { TraceTarget, TraceTotals } from '../../model/lineage/trace';

/** The counts of a whole trace, whatever page is on screen. */
export function TraceSummary({ kind, totals }: { kind: TraceTarget['kind']; totals: TraceTotals }) {
  return (
    <p className="trace-summary" data-testid="trace-summary">
      {kind === 'asset' ? 'Returned by ' : ''}{pluralize(totals.retrievals, 'retrieval')} in {pluralize(totals.sessions, 'session')}
      {' · '}{pluralize(totals.actions, 'action')}
      {' · '}{pluralize(totals.completions, 'completion')}
      {totals.completions > 0 && <> ({formatCount(totals.crossSessionCompletions)} cross-session)</>}
      {totals.orphanActions > 0 && (
        <strong className="tone-bad" data-testid="trace-orphans">
          {' · '}{pluralize(totals.orphanActions, 'action names', 'actions name')} a retrieval that is not in the loaded logs
        </strong>
      )}
    </p>
  );
}
