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

/** The types of a session's events (`session_summary.event_type_bits`, session-summary.ts `typesOfBits`); no row when it has none. */
export const SESSION_EVENT_TYPES_SQL = `SELECT event_type_bits FROM session_summary WHERE session_id = ?`;

/**
 * SESSION_EVENTS_SQL over the views of these types only (the same rows and columns): planning the
 * `events` view, every type's view with every column, costs more than reading one session.
 */
export function sessionEventsOfTypesQuery(sessionId: string, types: readonly string[]): SqlQuery {
  const views = EVENT_TYPE_NAMES.filter((type) => types.includes(type)).map((type) => rawSql(`SELECT * FROM ${ident(TYPE_VIEWS[type])}`));
  return sql`SELECT e.*, f.name AS file FROM (${joinSql(views, ' UNION ALL ')}) e LEFT JOIN files f ON f.file_id = e.file_id
  WHERE e.session_id = ${sessionId} ORDER BY e.ts NULLS LAST, e.seq`;
}

export const SESSION_SUMMARY_ROW_SQL = `SELECT * FROM session_summary WHERE session_id = ?`;
