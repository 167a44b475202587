import type { MetricSettings } from '../../../model/metrics/settings';
import { settingsFilter } from './filters';
import { RETRIEVAL_COLUMNS } from './retrieval-base';
import { specOf } from '../core/row-spec';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import { attributedSourceFilter, COMPLETION_COLUMNS } from './tier3';

export type Tier3SessionList = 'abandoned_by_session' | 'abandoned_by_lineage' | 'rescued_by_lineage' | 'cross_session';

export interface Tier3SessionRow {
  session_id: string;
  /** For cross-session completions: the session of the retrieval it traces back to. */
  source_session_id: string | null;
  retrieval_id: string | null;
}

export const TIER3_SESSION_ROW = specOf<Tier3SessionRow>()({ session_id: 'string', source_session_id: 'string|null', retrieval_id: 'string|null' });

/**
 * The sessions behind the Tier 3 counts (same filters as tier3Query): abandoned by session,
 * still abandoned by lineage, the difference (sessions lineage shows were not abandoned), and
 * the completions whose retrieval is in another session.
 */
export function tier3SessionsQuery(settings: MetricSettings, list: Tier3SessionList, limit = 500): SqlQuery {
  if (list === 'cross_session') {
    return sql`
SELECT session_id, source_session_id, effective_source_retrieval_id AS retrieval_id
FROM completion_facts
WHERE cross_session AND ${attributedSourceFilter(settings)} AND ${settingsFilter(settings, COMPLETION_COLUMNS)}
ORDER BY ts LIMIT CAST(${limit} AS BIGINT)`;
  }
  const keep = { abandoned_by_session: 'NOT has_completion', abandoned_by_lineage: 'NOT has_completion AND NOT led_to_completion', rescued_by_lineage: 'NOT has_completion AND led_to_completion' }[list];
  return sql`
SELECT session_id, NULL::VARCHAR AS source_session_id, NULL::VARCHAR AS retrieval_id FROM (
  SELECT session_id, min(ts) AS start_ts, bool_or(session_has_completion) AS has_completion, bool_or(led_to_completion) AS led_to_completion
  FROM retrieval_base
  WHERE ${settingsFilter(settings, RETRIEVAL_COLUMNS)}
  GROUP BY session_id
) WHERE ${rawSql(keep)}
ORDER BY start_ts LIMIT CAST(${limit} AS BIGINT)`;
}
