import type { MetricSettings } from '../../../model/metrics/settings';
import { actionRuleSql } from '../action-rules';
import { keyIn, type KeyScope } from '../derived/table';
import { DUCKDB, type SqlDialect } from '../dialect';
import { ownOrTurnCategory, turnCategories } from '../event-scope';
import { attributedRetrievalFilter, OWN_COLUMNS, settingsFilter } from './filters';
import { RETRIEVAL_COLUMNS } from './retrieval-base';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import type { Tier3Row } from '../../../model/metrics/rows';
import { specOf } from '../core/row-spec';

/** A completion's own columns the filters read (`completion_facts`). */
export const COMPLETION_COLUMNS = OWN_COLUMNS;

/**
 * Completions (ACTION_RULES.completion) with the retrieval their lineage names
 * (docs/metrics.md, Tier 3), their run_id and category (event-scope.ts: their turn's); data-only,
 * derived after a load, after `retrieval_base`.
 */
export function completionFactsSelect(scope: KeyScope, dialect: SqlDialect = DUCKDB): string {
  const a = (...columns: string[]) => columns.map((column) => dialect.column('a', column)).join(', ');
  // With a scope, only the retrievals its completions name are looked up.
  const named = scope ? 'retrieval_id IN (SELECT effective_source_retrieval_id FROM completions)' : 'TRUE';
  return `
WITH completions AS ${scope ? 'MATERIALIZED' : ''} (
  SELECT * FROM action_lineage WHERE ${actionRuleSql('completion')} AND ${keyIn(scope, 'event_id')}
)
SELECT ${a('event_id', 'session_id', 'ts', 'seq', 'surface')}, ${dialect.column('own', 'run_id')}, ${ownOrTurnCategory('own', 'tc')} AS category,
       ${a('action', 'consumed_asset_id', 'effective_source_retrieval_id', 'inherited')},
       b.retrieval_id IS NOT NULL AS attributed,
       b.retrieval_id IS NOT NULL AND b.session_id IS DISTINCT FROM a.session_id AS cross_session,
       b.session_id AS source_session_id,
       b.role AS source_role,
       b.retriever AS source_retriever
FROM completions a
JOIN actions own ON own.seq = a.seq
LEFT JOIN ${turnCategories(scope ? 'turn_id IN (SELECT turn_id FROM completions)' : 'TRUE', dialect)} tc ON tc.turn_id = a.turn_id
LEFT JOIN (SELECT * FROM retrieval_base WHERE ${named}) b ON b.retrieval_id = a.effective_source_retrieval_id`;
}

/** A completion's retrieval passes the role and retriever filters (`completion_facts`). */
export const attributedSourceFilter = (settings: MetricSettings) =>
  attributedRetrievalFilter(settings, { role: sql`source_role`, retriever: sql`source_retriever` });

/**
 * Completions are filtered by their own surface, run_id, category and ts; with a role or
 * retriever filter, a completion is attributed only when its retrieval has one of the roles and
 * retrievers. Abandonment is over the sessions of the retrievals the filters keep: a session
 * with a retrieval and no completion of its own is `abandoned_by_session`; it stays in
 * `abandoned_by_lineage` only when none of those retrievals leads through lineage to a
 * completion anywhere.
 */
export function tier3Query(settings: MetricSettings, dialect: SqlDialect = DUCKDB): SqlQuery {
  const countWhere = (condition: string) => rawSql(dialect.countWhere(condition));
  const ofSource = attributedSourceFilter(settings);
  return sql`
WITH completions AS (
  SELECT attributed AND ${ofSource} AS attributed, cross_session AND ${ofSource} AS cross_session
  FROM completion_facts
  WHERE ${settingsFilter(settings, COMPLETION_COLUMNS)}
),
retrieval_sessions AS (
  SELECT session_id, ${rawSql(dialect.boolOr('session_has_completion'))} AS has_completion, ${rawSql(dialect.boolOr('led_to_completion'))} AS led_to_completion
  FROM retrieval_base
  WHERE ${settingsFilter(settings, RETRIEVAL_COLUMNS)}
  GROUP BY session_id
)
SELECT (SELECT count(*) FROM completions)::INTEGER AS completions,
       (SELECT ${countWhere('attributed')} FROM completions)::INTEGER AS attributed_by_lineage,
       (SELECT ${countWhere('cross_session')} FROM completions)::INTEGER AS cross_session,
       (SELECT ${countWhere('NOT has_completion')} FROM retrieval_sessions)::INTEGER AS abandoned_by_session,
       (SELECT ${countWhere('NOT has_completion AND NOT led_to_completion')} FROM retrieval_sessions)::INTEGER AS abandoned_by_lineage`;
}

export const TIER3_ROW = specOf<Tier3Row>()({
  completions: 'number', attributed_by_lineage: 'number', cross_session: 'number', abandoned_by_session: 'number', abandoned_by_lineage: 'number',
});
