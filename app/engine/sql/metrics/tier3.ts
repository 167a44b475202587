import type { MetricSettings } from '../../../model/metrics/settings';
import { actionRuleSql } from '../action-rules';
import { keyIn, type KeyScope } from '../derived/table';
import { settingsFilter } from './filters';
import { sql, valueList, type SqlQuery } from './sql-query';

/**
 * Completions (ACTION_RULES.completion) with the retrieval their lineage names
 * (metrics.md, Tier 3); data-only, derived after a load, after `retrieval_base`.
 */
export function completionFactsSelect(scope: KeyScope): string {
  // With a scope, only the retrievals its completions name are looked up.
  const named = scope ? 'retrieval_id IN (SELECT effective_source_retrieval_id FROM completions)' : 'TRUE';
  return `
WITH completions AS ${scope ? 'MATERIALIZED' : ''} (
  SELECT * FROM action_lineage WHERE ${actionRuleSql('completion')} AND ${keyIn(scope, 'event_id')}
)
SELECT a.event_id, a.session_id, a.ts, a.seq, a.surface, a.action, a.consumed_asset_id,
       a.effective_source_retrieval_id, a.inherited,
       b.retrieval_id IS NOT NULL AS attributed,
       b.retrieval_id IS NOT NULL AND b.session_id IS DISTINCT FROM a.session_id AS cross_session,
       b.session_id AS source_session_id,
       b.role AS source_role
FROM completions a
LEFT JOIN (SELECT * FROM retrieval_base WHERE ${named}) b ON b.retrieval_id = a.effective_source_retrieval_id`;
}

/**
 * Completions are filtered by their own surface and ts; with a role filter, a completion is
 * attributed only when its retrieval has one of the roles. Abandonment is over the sessions of
 * the retrievals the filters keep: a session with a retrieval and no completion of its own is
 * `abandoned_by_session`; it stays in `abandoned_by_lineage` only when none of those
 * retrievals leads through lineage to a completion anywhere.
 */
export function tier3Query(settings: MetricSettings): SqlQuery {
  const roleOfSource = settings.roles?.length ? sql`source_role IN ${valueList(settings.roles)}` : sql`TRUE`;
  return sql`
WITH completions AS (
  SELECT attributed AND ${roleOfSource} AS attributed, cross_session AND ${roleOfSource} AS cross_session
  FROM completion_facts
  WHERE ${settingsFilter(settings, { ts: 'ts', surface: 'surface' })}
),
retrieval_sessions AS (
  SELECT session_id, bool_or(session_has_completion) AS has_completion, bool_or(led_to_completion) AS led_to_completion
  FROM retrieval_base
  WHERE ${settingsFilter(settings, { ts: 'ts', surface: 'surface', role: 'role' })}
  GROUP BY session_id
)
SELECT (SELECT count(*) FROM completions)::INTEGER AS completions,
       (SELECT count(*) FILTER (WHERE attributed) FROM completions)::INTEGER AS attributed_by_lineage,
       (SELECT count(*) FILTER (WHERE cross_session) FROM completions)::INTEGER AS cross_session,
       (SELECT count(*) FILTER (WHERE NOT has_completion) FROM retrieval_sessions)::INTEGER AS abandoned_by_session,
       (SELECT count(*) FILTER (WHERE NOT has_completion AND NOT led_to_completion) FROM retrieval_sessions)::INTEGER AS abandoned_by_lineage`;
}
