import type { MetricSettings } from '../../../model/metrics/settings';
import { settingsFilter } from './filters';
import { rawSql, sql, type SqlQuery } from './sql-query';

/** ISO week label of an epoch-ms `ts` column, e.g. 2026-W39 (metrics.md: per ISO week). */
export const isoWeekOf = (column: string) => `strftime(epoch_ms(${column}::BIGINT), '%G-W%V')`;

/** Whole-dataset counts, never filtered: what was loaded. */
export function totalsQuery(): SqlQuery {
  return sql`
SELECT (SELECT count(*) FROM events)::INTEGER AS events,
       (SELECT count(*) FROM rejected)::INTEGER AS rejected,
       (SELECT count(*) FROM session_summary)::INTEGER AS sessions`;
}

/** metrics.md, Review and feedback: thumbs per ISO week of the feedback's ts. */
export function feedbackByWeekQuery(settings: MetricSettings): SqlQuery {
  return sql`
SELECT ${rawSql(isoWeekOf('ts'))} AS week,
       count(*)::INTEGER AS total,
       count(*) FILTER (WHERE rating = 'down')::INTEGER AS down
FROM feedback
WHERE ${settingsFilter(settings, { ts: 'ts', surface: 'surface' })}
GROUP BY week
ORDER BY week`;
}

/** metrics.md, Gate: decision counts over the gate events the filters keep. */
export function gateDecisionsQuery(settings: MetricSettings): SqlQuery {
  return sql`
SELECT decision, count(*)::INTEGER AS n
FROM gates
WHERE ${settingsFilter(settings, { ts: 'ts', surface: 'surface' })}
GROUP BY decision
ORDER BY decision`;
}
