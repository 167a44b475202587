import { scopedEvents, scopeFilter } from '../event-scope';
import { type EventScope } from '../../../model/event-scope';
import { specOf } from '../core/row-spec';
import { joinSql, rawSql, sql, type SqlQuery } from '../core/sql-query';

/** The gate screen's filters; `system` is the event's `run_id`. */
export const GATE_FILTERS = ['surface', 'category', 'system'] as const;
export type GateFilter = (typeof GATE_FILTERS)[number];

/** One value of a filter with how many gate, feedback and (category only) eval_case events have it. */
export interface GateFilterChoiceRow {
  filter: GateFilter;
  value: string;
  gates: number;
  votes: number;
  eval_cases: number;
}

export const GATE_FILTER_CHOICE_ROW = specOf<GateFilterChoiceRow>()({ filter: 'string', value: 'string', gates: 'number', votes: 'number', eval_cases: 'number' });

const COLUMN: Record<GateFilter, string> = { surface: 's.surface', category: 's.scope_category', system: 's.run_id' };

/**
 * The distinct values of each filter among the loaded gate and feedback events, each counted
 * under the other filters in force (choosing a surface narrows the categories to that surface's).
 * Eval cases carry a category but no surface or system: they count in the category choices only,
 * whatever the other filters.
 */
export function gateFilterChoicesQuery(scope: EventScope): SqlQuery {
  const facet = (filter: GateFilter) => sql`
SELECT ${filter} AS filter, ${rawSql(COLUMN[filter])} AS value,
       count(*) FILTER (WHERE s.kind = 'gate')::INTEGER AS gates,
       count(*) FILTER (WHERE s.kind = 'feedback')::INTEGER AS votes,
       0 AS eval_cases
FROM events_in_screen s
WHERE ${rawSql(COLUMN[filter])} IS NOT NULL AND ${scopeFilter({ ...scope, [filter]: null, week: null }, 's')}
GROUP BY ALL`;
  return sql`
WITH events_in_screen AS (
  SELECT 'gate' AS kind, surface, scope_category, run_id, scope_week FROM ${scopedEvents('gates')}
  UNION ALL
  SELECT 'feedback' AS kind, surface, scope_category, run_id, scope_week FROM ${scopedEvents('feedback')}
),
choices AS (
  ${joinSql(GATE_FILTERS.map(facet), '\nUNION ALL\n')}
  UNION ALL
  SELECT 'category', category, 0, 0, count(*)::INTEGER FROM eval_cases WHERE category IS NOT NULL GROUP BY category
)
SELECT filter, value, sum(gates)::INTEGER AS gates, sum(votes)::INTEGER AS votes, sum(eval_cases)::INTEGER AS eval_cases
FROM choices
GROUP BY filter, value
ORDER BY filter, value`;
}
