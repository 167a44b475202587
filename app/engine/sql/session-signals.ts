import type { MetricSettings } from '../../model/metrics/settings';
import { VERDICT_SEVERITY, type SessionSignalRow } from '../../model/session/session-list';
import { actionRuleSql } from './action-rules';
import { resolvedAnswerReviewsSql } from './annotation/review-report';
import { DUCKDB, type SqlDialect } from './dialect';
import { scopedEvents, scopeFilter } from './event-scope';
import { isAnyScope, type EventScope } from '../../model/event-scope';
import { CELL_CONDITIONS, retrievalFactsQuery } from './metrics/retrieval-facts';
import { specOf } from './core/row-spec';
import { identifier, rawSql, sql, type SqlQuery } from './core/sql-query';

export type { SessionSignalRow };

/**
 * One row per session (every session, newest first) with the counts of the list's signals
 * (model/session/signals.ts) over its events in `scope` (event-scope.ts: the event's own
 * category or its turn's, the ISO week of its ts, its run_id, its surface):
 * - masked: retrievals in the masked cells at `settings` (K, Tier 1 threshold, used actions:
 *   retrieval-facts.ts), orf: retrievals with any ORF signal, empty: empty results, failed:
 *   failed retrievals (retrieval-base.ts `isFailedSql`: an `error`, nothing returned; never empty);
 * - clarify, handoff: `gate` decisions; down: down-votes; rewrite: prompts and retrievals with
 *   `rewrite_of`; completion: completion actions (action-rules.ts);
 * - wrong: responses whose resolved `answer_review` verdict (annotation/review-report.ts, the
 *   resolution the Review screen reads) is wrong, partial or unsupported; worst_verdict the worst.
 * `sessions` names the table of `session_summary`'s rows (session-summary.ts) it reads: on
 * ClickHouse, a temporary table of them (../../cli/clickhouse-parquet.ts).
 */
export function sessionSignalsQuery(scope: EventScope, settings: MetricSettings, dialect: SqlDialect = DUCKDB, sessions = 'session_summary'): SqlQuery {
  const count = (condition: string) => rawSql(`${dialect.countWhere(condition)}::INTEGER`);
  // Without a scope no event needs its category or week, so the plain view is read.
  const source = isAnyScope(scope) ? sql`events` : scopedEvents('events', dialect);
  const severity = `CASE v.verdict ${VERDICT_SEVERITY.map((verdict, rank) => `WHEN '${verdict}' THEN ${rank}`).join(' ')} END`;
  return sql`
WITH scoped AS MATERIALIZED (
  SELECT s.type, s.session_id, s.seq, s.event_id, s.decision, s.rating, s.rewrite_of, s.actor, s.action
  FROM ${source} s
  WHERE s.session_id IS NOT NULL AND ${scopeFilter(scope, 's')}
),
event_counts AS (
  SELECT session_id,
         ${count(`type = 'gate' AND decision = 'clarify'`)} AS clarify,
         ${count(`type = 'gate' AND decision = 'handoff'`)} AS handoff,
         ${count(`type = 'feedback' AND rating = 'down'`)} AS down,
         ${count(`type IN ('prompt', 'retrieval') AND rewrite_of IS NOT NULL`)} AS rewrite,
         ${count(`type = 'action' AND ${actionRuleSql('completion')}`)} AS completion
  FROM scoped GROUP BY session_id
),
facts AS (SELECT seq, is_empty, failed, orf, ${rawSql(CELL_CONDITIONS.masked)} AS masked FROM (${retrievalFactsQuery(settings, dialect)})),
retrieval_counts AS (
  SELECT ${rawSql(dialect.column('b', 'session_id'))}, ${count('f.masked')} AS masked, ${count('f.orf')} AS orf, ${count('f.is_empty')} AS empty,
         ${count('f.failed')} AS failed
  FROM facts f JOIN retrieval_base b ON b.seq = f.seq JOIN scoped s ON s.seq = f.seq
  GROUP BY b.session_id
),
verdicts AS (${resolvedAnswerReviewsSql(dialect)}),
reviews AS (
  SELECT ${rawSql(dialect.column('s', 'session_id'))}, ${count(`v.verdict IN ('wrong', 'partial', 'unsupported')`)} AS wrong,
         ${rawSql(dialect.argMax('v.verdict', severity))} AS worst_verdict
  FROM scoped s JOIN verdicts v ON v.target_event_id = s.event_id
  WHERE s.type = 'response'
  GROUP BY s.session_id
)
SELECT ${rawSql(['session_id', 'user_id', 'surface', 'run_id', 'start_ts', 'duration_ms'].map((name) => dialect.column('ss', name)).join(', '))},
       ${rawSql(['events', 'prompts', 'retrievals', 'actions'].map((name) => dialect.column('ss', name)).join(', '))},
       coalesce(rc.masked, 0) AS masked, coalesce(rc.orf, 0) AS orf, coalesce(rc.empty, 0) AS empty, coalesce(rc.failed, 0) AS failed,
       coalesce(ec.clarify, 0) AS clarify, coalesce(ec.handoff, 0) AS handoff, coalesce(ec.down, 0) AS down,
       coalesce(rv.wrong, 0) AS wrong, rv.worst_verdict,
       coalesce(ec.rewrite, 0) AS rewrite, coalesce(ec.completion, 0) AS completion,
       ec.session_id IS NOT NULL AS in_scope
FROM ${identifier(sessions)} ss
LEFT JOIN event_counts ec ON ec.session_id = ss.session_id
LEFT JOIN retrieval_counts rc ON rc.session_id = ss.session_id
LEFT JOIN reviews rv ON rv.session_id = ss.session_id
ORDER BY ss.start_ts DESC NULLS LAST, ss.session_id`;
}

export const SESSION_SIGNAL_ROW = specOf<SessionSignalRow>()({
  session_id: 'string', user_id: 'string|null', surface: 'string|null', run_id: 'string|null', start_ts: 'number|null', duration_ms: 'number|null',
  events: 'number', prompts: 'number', retrievals: 'number', actions: 'number',
  masked: 'number', orf: 'number', empty: 'number', failed: 'number', clarify: 'number', handoff: 'number', down: 'number',
  wrong: 'number', worst_verdict: 'string|null', rewrite: 'number', completion: 'number', in_scope: 'boolean',
});
