import type { MetricSettings } from '../../../model/metrics/settings';
import { DUCKDB, type SqlDialect } from '../dialect';
import { scopedEvents } from '../event-scope';
import { filtersByCategory, OWN_COLUMNS, settingsFilter } from './filters';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import type { FeedbackWeekRow, GateDecisionRow, TotalsRow } from '../../../model/metrics/rows';
import { specOf } from '../core/row-spec';

/** ISO week label of an epoch-ms `ts` column, e.g. 2026-W39 (docs/metrics.md: per ISO week). */
export const isoWeekOf = (column: string) => DUCKDB.isoWeek(column);

/** Whole-dataset counts, never filtered: what was loaded. */
export function totalsQuery(): SqlQuery {
  return sql`
SELECT (SELECT count(*) FROM events)::INTEGER AS events,
       (SELECT count(*) FROM rejected)::INTEGER AS rejected,
       (SELECT count(*) FROM session_summary)::INTEGER AS sessions`;
}

export const TOTALS_ROW = specOf<TotalsRow>()({ events: 'number', rejected: 'number', sessions: 'number' });

/** An event view with the columns the filters read: its category (event-scope.ts) is worked out only when the filters keep units by category. */
function filteredEvents(view: string, settings: MetricSettings, dialect: SqlDialect): SqlQuery {
  const byCategory = filtersByCategory(settings);
  const filter = settingsFilter(settings, byCategory ? { ...OWN_COLUMNS, category: sql`scope_category` } : OWN_COLUMNS);
  return sql`(SELECT * FROM ${byCategory ? scopedEvents(view, dialect) : rawSql(view)} WHERE ${filter})`;
}

/** docs/metrics.md, Review and feedback: thumbs per ISO week of the feedback's ts. */
export function feedbackByWeekQuery(settings: MetricSettings, dialect: SqlDialect = DUCKDB): SqlQuery {
  return sql`
SELECT ${rawSql(dialect.isoWeek('ts'))} AS week,
       count(*)::INTEGER AS total,
       ${rawSql(dialect.countWhere("rating = 'down'"))}::INTEGER AS down
FROM ${filteredEvents('feedback', settings, dialect)}
GROUP BY week
ORDER BY week`;
}

export const FEEDBACK_WEEK_ROW = specOf<FeedbackWeekRow>()({ week: 'string', total: 'number', down: 'number' });

/** docs/metrics.md, Gate: decision counts over the gate events the filters keep. */
export function gateDecisionsQuery(settings: MetricSettings, dialect: SqlDialect = DUCKDB): SqlQuery {
  return sql`
SELECT decision, count(*)::INTEGER AS n
FROM ${filteredEvents('gates', settings, dialect)}
GROUP BY decision
ORDER BY decision`;
}

export const GATE_DECISION_ROW = specOf<GateDecisionRow>()({ decision: 'string', n: 'number' });
