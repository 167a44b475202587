import type { SearchField, SessionSearchMatch } from '../../model/session/session-list';
import { EVENT_TYPE_NAMES } from '../../schema/event-types';
import { TYPE_VIEWS } from './ddl';
import { ident } from './quote';
import { joinSql, rawSql, sql, type SqlQuery } from './metrics/sql-query';

export type { SessionRow } from '../../model/session/session-list';

export type { SearchField, SessionSearchMatch };

/** `text` as a LIKE pattern that matches it literally (with `ESCAPE '\'`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The id columns a search looks at, with their names as shown. */
const ID_FIELDS: [column: string, field: SearchField][] = [
  ['session_id', 'session id'], ['user_id', 'user id'], ['event_id', 'event id'],
  ['retrieval_id', 'retrieval id'], ['turn_id', 'turn id'], ['request_id', 'request id'],
];

/**
 * Sessions where `search` occurs (case-insensitive, literally: `%` and `_` are text) in a
 * prompt, a retrieval query or a response, or in an id of one of their events; one row per
 * session with its first match, a text before an id, then in event order.
 */
export function sessionSearchQuery(search: string): SqlQuery {
  const pattern = `%${escapeLike(search)}%`;
  const like = (column: string) => sql`${rawSql(column)} ILIKE ${pattern} ESCAPE '\\'`;
  const firstIdMatch = (value: (column: string, field: SearchField) => string) => joinSql([
    rawSql('CASE'), ...ID_FIELDS.map(([column, field]) => sql`WHEN ${like(column)} THEN ${rawSql(value(column, field))}`), rawSql('END'),
  ], ' ');
  return sql`
WITH hits AS (
  SELECT session_id, seq, 0 AS rank, 'prompt' AS field, text FROM prompts WHERE ${like('text')}
  UNION ALL SELECT session_id, seq, 0, 'query', query FROM retrievals WHERE ${like('query')}
  UNION ALL SELECT session_id, seq, 0, 'response', text FROM responses WHERE ${like('text')}
  UNION ALL SELECT session_id, seq, 1, ${firstIdMatch((_, field) => `'${field}'`)}, ${firstIdMatch((column) => column)}
  FROM events WHERE ${joinSql(ID_FIELDS.map(([column]) => like(column)), ' OR ')}
)
SELECT session_id, field, text FROM hits
WHERE session_id IS NOT NULL
QUALIFY row_number() OVER (PARTITION BY session_id ORDER BY rank, seq) = 1`;
}

export const SURFACES_SQL = `SELECT DISTINCT surface FROM session_summary WHERE surface IS NOT NULL ORDER BY surface`;

export const SESSION_EVENTS_SQL = `SELECT e.*, f.name AS file FROM events e LEFT JOIN files f ON f.file_id = e.file_id
  WHERE e.session_id = ? ORDER BY e.ts NULLS LAST, e.seq`;

/** The types of a session's events (`session_summary.event_type_bits`, session-summary.ts `typesOfBits`) and their count; no row when it has none. */
export const SESSION_EVENT_TYPES_SQL = `SELECT event_type_bits, events FROM session_summary WHERE session_id = ?`;

const typeViews = (types: readonly string[], columns: string) =>
  joinSql(EVENT_TYPE_NAMES.filter((type) => types.includes(type)).map((type) => rawSql(`SELECT ${columns} FROM ${ident(TYPE_VIEWS[type])}`)), ' UNION ALL ');

/**
 * SESSION_EVENTS_SQL over the views of these types only (the same rows and columns): planning the
 * `events` view, every type's view with every column, costs more than reading one session.
 * With `seqs`, only those events (one page of a long session).
 */
export function sessionEventsOfTypesQuery(sessionId: string, types: readonly string[], seqs?: readonly number[]): SqlQuery {
  const page = seqs ? sql` AND e.seq IN (SELECT TRY_CAST(unnest(string_split(${seqs.join(',')}, ',')) AS BIGINT))` : rawSql('');
  return sql`SELECT e.*, f.name AS file FROM (${typeViews(types, '*')}) e LEFT JOIN files f ON f.file_id = e.file_id
  WHERE e.session_id = ${sessionId}${page} ORDER BY e.ts NULLS LAST, e.seq`;
}

/** One row of a session page's keys: the event, its turn (1-based) and the session's totals. */
export interface SessionPageKey {
  seq: number | null;
  turn_id: string | null;
  turn: number | null;
  events: number;
  turns: number;
}

/**
 * The events `offset`…`offset + limit - 1` of a session in the order the timeline shows them
 * (turns in the order they start, model/session/turn-groups.ts; events in time order within a
 * turn), each with its turn's number, and the session's event and turn counts; one row with a
 * null `seq` when the page is past the end. Reads three narrow columns, so any session size.
 */
export function sessionPageKeysQuery(sessionId: string, types: readonly string[], offset: number, limit: number): SqlQuery {
  return sql`
WITH ${timelineOrder(sessionId, types)},
totals AS (SELECT count(*)::INTEGER AS events, coalesce(max(turn), 0)::INTEGER AS turns FROM shown),
page AS (SELECT seq, turn_id, turn, shown_at FROM shown WHERE shown_at >= CAST(${offset} AS BIGINT) AND shown_at < CAST(${offset + limit} AS BIGINT))
SELECT p.seq, p.turn_id, p.turn::INTEGER AS turn, t.events, t.turns FROM totals t LEFT JOIN page p ON true
ORDER BY p.shown_at`;
}

/** `shown`: the session's events with their place in the timeline (`shown_at`, 0-based) and their turn's number, for a `WITH`. */
function timelineOrder(sessionId: string, types: readonly string[]): SqlQuery {
  return sql`placed AS (
  SELECT seq, turn_id, row_number() OVER (ORDER BY ts NULLS LAST, seq) AS time_rank
  FROM (${typeViews(types, 'seq, ts, turn_id, session_id')}) WHERE session_id = ${sessionId}
),
turned AS (SELECT seq, turn_id, time_rank, min(time_rank) OVER (PARTITION BY turn_id) AS turn_at FROM placed),
shown AS (SELECT seq, turn_id, row_number() OVER (ORDER BY turn_at, time_rank) - 1 AS shown_at, dense_rank() OVER (ORDER BY turn_at) AS turn FROM turned)`;
}

/** Where the session's retrieval or action (by event id) sits in its timeline (0-based); no row when it is not in the session. */
export function sessionRowPositionQuery(sessionId: string, types: readonly string[], row: { kind: 'retrieval' | 'action'; id: string }): SqlQuery {
  const target = row.kind === 'retrieval'
    ? sql`SELECT seq FROM retrievals WHERE session_id = ${sessionId} AND retrieval_id = ${row.id}`
    : sql`SELECT seq FROM actions WHERE session_id = ${sessionId} AND event_id = ${row.id}`;
  return sql`
WITH ${timelineOrder(sessionId, types)}
SELECT shown_at::INTEGER AS shown_at FROM shown WHERE seq IN (${target}) ORDER BY shown_at LIMIT 1`;
}

export const SESSION_SUMMARY_ROW_SQL = `SELECT * FROM session_summary WHERE session_id = ?`;
