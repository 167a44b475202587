import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import { typeTable } from '../../schema/columns';
import { EVENT_TYPES, type EventType } from '../../schema/event-types';
import { DUCKDB, type SqlDialect } from './dialect';
import { exportedTypeColumns } from './dataset-export';
import { scopedEvents } from './event-scope';
import { ANY_SCOPE } from '../../model/event-scope';
import { identifier, identifiers, rawSql, sql, valueArray, type SqlQuery } from './core/sql-query';
import { sessionSignalsQuery } from './session-signals';

/** The temp table of a summary export, one row per session numbered by `row` (1…) for paging. */
export const SESSIONS_SUMMARY_TABLE = 'export_sessions_summary';
/** The temp table of the sessions a sample export keeps. */
export const SAMPLED_SESSIONS_TABLE = 'export_sampled_sessions';
const SAMPLED_SESSIONS = identifier(SAMPLED_SESSIONS_TABLE);

/**
 * The per-session summary of the Sessions list (session-signals.ts at the default settings, over
 * every event) with `end_ts` and the session's first category (event-scope.ts: an event's own
 * category, else its turn's prompt's), in the list's order (newest first). `sessions` names the
 * table of `session_summary`'s rows (session-summary.ts) it reads.
 */
export function materializeSessionsSummaryQuery(dialect: SqlDialect = DUCKDB, sessions = 'session_summary'): SqlQuery {
  const signals = sessionSignalsQuery(ANY_SCOPE, DEFAULT_METRIC_SETTINGS, dialect, sessions);
  // The statement's head alone (`CREATE … AS`), so that the SELECT keeps its own line.
  const create = dialect.createTempTableAs(SESSIONS_SUMMARY_TABLE, '').trimEnd();
  return sql`
${rawSql(create)}
WITH signals AS (${signals}),
categories AS (
  SELECT session_id, ${rawSql(dialect.aggregateWhere('arg_min', ['scope_category', 'seq'], 'scope_category IS NOT NULL'))} AS category
  FROM ${scopedEvents('events', dialect)} e WHERE session_id IS NOT NULL GROUP BY session_id
)
SELECT row_number() OVER (ORDER BY s.start_ts DESC NULLS LAST, s.session_id) AS row,
       s.${rawSql(dialect.starExcept(['in_scope']))}, s.start_ts + s.duration_ms AS end_ts, ${rawSql(dialect.column('c', 'category'))}
FROM signals s LEFT JOIN categories c ON c.session_id = s.session_id`;
}

export const SESSIONS_SUMMARY_RANGE_SQL = `SELECT min(row)::DOUBLE AS first, max(row)::DOUBLE AS last, count(*)::INTEGER AS rows FROM ${SESSIONS_SUMMARY_TABLE}`;

export function sessionsSummaryPage(columns: readonly string[], from: number, to: number): SqlQuery {
  return sql`SELECT ${identifiers(columns)} FROM ${identifier(SESSIONS_SUMMARY_TABLE)} WHERE row >= ${from} AND row < ${to} ORDER BY row`;
}

/**
 * Picks `count` sessions reproducibly: ordered by the md5 of `seed:session_id` (md5, not
 * `hash()`, which may differ between DuckDB versions, so both engines pick the same ones).
 */
export function sampleSessionsQuery(count: number, seed: string): SqlQuery {
  return sql`
CREATE OR REPLACE TEMP TABLE ${SAMPLED_SESSIONS} AS
SELECT session_id FROM session_summary ORDER BY md5(${seed} || ':' || session_id), session_id LIMIT ${count}`;
}

/** The given sessions (those that exist) as the sample. */
export function chosenSessionsQuery(ids: readonly string[]): SqlQuery {
  return sql`
CREATE OR REPLACE TEMP TABLE ${SAMPLED_SESSIONS} AS
SELECT session_id FROM session_summary WHERE list_contains(${valueArray(ids)}, session_id)`;
}

export const SAMPLED_SESSION_COUNT_SQL = `SELECT count(*)::INTEGER AS sessions FROM ${SAMPLED_SESSIONS_TABLE}`;

const IN_SAMPLE = sql`session_id IN (SELECT session_id FROM ${SAMPLED_SESSIONS})`;
const sampledColumn = (view: string, column: string) =>
  sql`(SELECT ${identifier(column)} FROM ${identifier(view)} WHERE ${identifier(column)} IS NOT NULL AND ${IN_SAMPLE})`;

/**
 * Which rows of a type a sample keeps: every event of a sampled session; a label when what it
 * labels is in one (its retrieval, turn or target event, or for a query-level relevance label a
 * sampled retrieval's query); the dataset's reference rows (assets, questions, eval cases) whole.
 */
function sampleCondition(type: EventType): SqlQuery {
  if ((EVENT_TYPES[type].required as readonly string[]).includes('session_id')) return IN_SAMPLE;
  if (type !== 'label') return sql`TRUE`;
  return sql`(${IN_SAMPLE}
    OR retrieval_id IN ${sampledColumn('retrievals', 'retrieval_id')}
    OR turn_id IN ${sampledColumn('events', 'turn_id')}
    OR target_event_id IN ${sampledColumn('events', 'event_id')}
    OR (retrieval_id IS NULL AND query IN ${sampledColumn('retrievals', 'query')}))`;
}

/** `exportEventsPage` (dataset-export.ts) narrowed to the sample. */
export function sampledEventsPage(type: EventType, from: number, to: number): SqlQuery {
  return sql`SELECT ${identifiers(exportedTypeColumns(type).map((column) => column.name))} FROM ${identifier(typeTable(type))}
WHERE seq >= ${from} AND seq < ${to} AND ${sampleCondition(type)} ORDER BY seq`;
}
