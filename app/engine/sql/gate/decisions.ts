import type { MetricSettings } from '../../../model/metrics/settings';
import { settingsFilter } from '../metrics/filters';
import { isoWeekOf } from '../metrics/sections';
import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';

/** metrics.md, Gate: decision counts per ISO week and category (null category kept as null). */
export function gateDecisionBreakdownQuery(settings: MetricSettings): SqlQuery {
  return sql`
SELECT ${rawSql(isoWeekOf('ts'))} AS week, category, decision, count(*)::INTEGER AS n
FROM gates
WHERE ts IS NOT NULL AND ${settingsFilter(settings, { ts: 'ts', surface: 'surface' })}
GROUP BY ALL
ORDER BY week, category, decision`;
}
