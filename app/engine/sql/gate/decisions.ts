import { scopedEvents, scopeFilter } from '../event-scope';
import { type EventScope } from '../../../model/event-scope';
import type { GateDecisionBreakdownRow } from '../../../model/gate/decisions';
import { specOf } from '../core/row-spec';
import { sql, type SqlQuery } from '../core/sql-query';

/**
 * docs/metrics.md, Gate: decision counts per ISO week and category of the gate events in `scope`
 * (category and week as event-scope.ts defines them; a gate without a category stays null).
 */
export function gateDecisionBreakdownQuery(scope: EventScope): SqlQuery {
  return sql`
SELECT g.scope_week AS week, g.scope_category AS category, g.decision, count(*)::INTEGER AS n
FROM ${scopedEvents('gates')} g
WHERE g.scope_week IS NOT NULL AND ${scopeFilter(scope, 'g')}
GROUP BY ALL
ORDER BY week, category, g.decision`;
}

export const GATE_DECISION_BREAKDOWN_ROW = specOf<GateDecisionBreakdownRow>()({ week: 'string', category: 'string|null', decision: 'string', n: 'number' });
