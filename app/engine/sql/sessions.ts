import type { SearchField, SessionRow, SessionSearchMatch } from '../../model/session/session-list';
import type { SessionEvent } from '../../model/lineage/timeline';
import { EVENT_COLUMNS, TYPE_COLUMNS, typeTable } from '../../schema/columns';
import { EVENT_TYPE_NAMES, type EventType } from '../../schema/event-types';
import { TYPE_VIEWS } from './ddl';
import { literal } from './core/quote';
import { identifier, identifiers, joinSql, rawSql, sql, type SqlQuery } from './core/sql-query';
import { someColumnsOf, specOf, type RowOf } from './core/row-spec';

export type { SessionRow } from '../../model/session/session-list';

export type { SearchField, SessionSearchMatch };

/** `text` as a LIKE pattern that matches it literally (with `ESCAPE '\'`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The id columns a search looks at, with their names as shown. */
const ID_FIELDS: [column: string, field: SearchField][] = [
  ['session_id', 'session id'], ['user_id', 'user id'], ['event_id', 'event id'],
  ['retrieval_id', 'retrieval id'], ['turn_id', 'turn id'], ['request_id', 'request id'],
];

/** Characters of a long matched text kept on each side of the match (a span's attributes can be many kilobytes). */
export const SEARCH_CONTEXT_CHARS = 200;

/**
 * Sessions where `search` occurs (case-insensitive, literally: `%` and `_` are text) in a
 * prompt, a retrieval query or a response; in an id of one of their events; or in what a trace
 * import keeps (docs/log-format.md "Kept, searchable"): a retrieval's `retriever` and its fields
 * outside the schema (`extra`: span metadata, tags, model names), a kept span's name and
 * attributes. One row per session with its first match: a text, else an id, else kept metadata,
 * each in event order (spans after events). A text longer than the match and
 * `SEARCH_CONTEXT_CHARS` on each side comes cut around its first match.
 * The JSON texts are searched as text: the browser's DuckDB has no JSON extension.
 */
export function sessionSearchQuery(search: string): SqlQuery {
  const pattern = `%${escapeLike(search)}%`;
  const like = (column: string) => sql`${identifier(column)} ILIKE ${pattern} ESCAPE '\\'`;
  const firstIdMatch = (value: (column: string, field: SearchField) => SqlQuery) =>
    sql`CASE ${joinSql(ID_FIELDS.map(([column, field]) => sql`WHEN ${like(column)} THEN ${value(column, field)}`), ' ')} END`;
  // where the match starts (1-based; 0 when lower-casing moved it: then the text's start)
  const at = sql`strpos(lower(text), lower(${search}))`;
  const keep = rawSql(String(SEARCH_CONTEXT_CHARS));
  const shown = sql`(length(${search}) + 2 * ${keep})`;
  return sql`
WITH hits AS (
  SELECT session_id, 0 AS rank, 0 AS source, seq, 'prompt' AS field, text FROM prompts WHERE ${like('text')}
  UNION ALL SELECT session_id, 0, 0, seq, 'query', query FROM retrievals WHERE ${like('query')}
  UNION ALL SELECT session_id, 0, 0, seq, 'response', text FROM responses WHERE ${like('text')}
  UNION ALL SELECT session_id, 1, 0, seq, ${firstIdMatch((_, field) => rawSql(literal(field)))}, ${firstIdMatch(identifier)}
  FROM events WHERE ${joinSql(ID_FIELDS.map(([column]) => like(column)), ' OR ')}
  UNION ALL SELECT session_id, 2, 0, seq, CASE WHEN ${like('retriever')} THEN 'retriever' ELSE 'retrieval metadata' END,
    CASE WHEN ${like('retriever')} THEN retriever ELSE extra END
  FROM retrievals WHERE ${like('retriever')} OR ${like('extra')}
  UNION ALL SELECT session_id, 2, 1, seq, CASE WHEN ${like('name')} THEN 'span name' ELSE 'span attributes' END,
    CASE WHEN ${like('name')} THEN name ELSE attributes END
  FROM spans WHERE ${like('name')} OR ${like('attributes')}
),
first_hits AS (
  SELECT session_id, field, text FROM hits
  WHERE session_id IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY session_id ORDER BY rank, source, seq) = 1
)
SELECT session_id, field,
  CASE WHEN length(text) <= ${shown} THEN text ELSE substr(text, greatest(1, ${at} - ${keep}), ${shown}) END AS text
FROM first_hits`;
}

export const SESSION_SEARCH_MATCH_ROW = specOf<SessionSearchMatch>()({ session_id: 'string', field: 'string', text: 'string' });

export const SURFACES_SQL = `SELECT DISTINCT surface FROM session_summary WHERE surface IS NOT NULL ORDER BY surface`;

export const SURFACE_ROW = { surface: 'string' } as const;

export const SESSION_EVENTS_SQL = `SELECT e.*, f.name AS file FROM events e LEFT JOIN files f ON f.file_id = e.file_id
  WHERE e.session_id = ? ORDER BY e.ts NULLS LAST, e.seq`;

/** An event row of `events` (every column of the schema, and its file's name): the columns every event has are checked. */
export const SESSION_EVENT_ROW = someColumnsOf<SessionEvent>()({
  type: 'string', seq: 'number', ts: 'number|null', event_id: 'string|null', session_id: 'string|null', file: 'string|null',
});

/**
 * The types of a session's events (`session_summary.event_type_bits`, session-summary.ts `typesOfBits`),
 * their count and the `seq` range holding them; no row when it has none.
 */
export const SESSION_EVENT_TYPES_SQL = `SELECT event_type_bits, events, min_seq, max_seq FROM session_summary WHERE session_id = ?`;

export const SESSION_EVENT_TYPES_ROW = { event_type_bits: 'number', events: 'number', min_seq: 'number', max_seq: 'number' } as const;

/** The `seq` range holding a session's events (session_summary's `min_seq`, `max_seq`). */
export interface SeqRange {
  from: number;
  to: number;
}

/**
 * `seq BETWEEN from AND to` as literals: DuckDB prunes a table's row groups by a constant range
 * (their min/max `seq`), best of all ways; bound, the text stays one for every session
 * (`boundSeqRange`). They are integers read from the engine, so nothing of a user's is written
 * into the SQL.
 */
export function seqRangeSql(range: SeqRange | null, column = 'seq'): SqlQuery {
  if (!range) return sql`TRUE`;
  const { from, to } = range;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) throw new Error(`not a seq range: ${from}…${to}`);
  return rawSql(`${column} BETWEEN ${from} AND ${to}`);
}

/**
 * `seq` within `range` with its bounds bound as INTEGERs (the column's type): the statement's text
 * is the same for every session, so a kept prepared statement (prepared-statements.ts) is planned
 * once, and the scan still skips most of what a written-in range skips (`seqRangeSql`).
 * A bound JavaScript number is a DOUBLE: compared as one, every row's `seq` is cast and nothing is skipped.
 */
export function boundSeqRange(range: SeqRange | null): SqlQuery {
  if (!range) return sql`TRUE`;
  return sql`seq BETWEEN CAST(${range.from} AS INTEGER) AND CAST(${range.to} AS INTEGER)`;
}

const typeViews = (types: readonly string[], columns: SqlQuery) =>
  joinSql(EVENT_TYPE_NAMES.filter((type) => types.includes(type)).map((type) => sql`SELECT ${columns} FROM ${identifier(TYPE_VIEWS[type])}`), ' UNION ALL ');

/**
 * SESSION_EVENTS_SQL's rows read from the tables of these types only, each with only the columns
 * it stores (`UNION ALL BY NAME`), unordered: `asSessionEvents` makes them the same rows, columns
 * and order. Planning the `events` view (every type with all 58 columns) costs more than reading
 * one session, and each column read costs decoding the stretch of it that holds the session.
 * `range` (the session's, or null) narrows the scans; with `seqs`, only those events (one page of a long session).
 */
export function sessionEventsOfTypesQuery(sessionId: string, types: readonly EventType[], range: SeqRange | null, seqs?: readonly number[]): SqlQuery {
  const page = seqs ? sql` AND seq IN (SELECT TRY_CAST(unnest(string_split(${seqs.join(',')}, ',')) AS BIGINT))` : sql``;
  const tables = EVENT_TYPE_NAMES.filter((type) => types.includes(type)).map((type) => sql`
SELECT ${identifiers(TYPE_COLUMNS[type].map((column) => column.name))} FROM ${identifier(typeTable(type))}
WHERE ${seqRangeSql(range)} AND session_id = ${sessionId}${page}`);
  if (tables.length === 0) return sql`SELECT NULL AS seq WHERE false`;
  return sql`SELECT e.*, f.name AS file FROM (${joinSql(tables, ' UNION ALL BY NAME ')}) e LEFT JOIN files f ON f.file_id = e.file_id`;
}

/** The columns of `sessionEventsOfTypesQuery` every type has (each type's table stores only its own). */
export const SESSION_EVENT_KEY_ROW = { seq: 'number', file: 'string|null' } as const;

/** `ORDER BY ts NULLS LAST, seq` (seq is unique). */
export const byTimeThenSeq = (a: { ts: number | null; seq: number }, b: { ts: number | null; seq: number }) =>
  (a.ts === b.ts ? 0 : a.ts === null ? 1 : b.ts === null ? -1 : a.ts - b.ts) || a.seq - b.seq;

/** `sessionEventsOfTypesQuery`'s rows as SESSION_EVENTS_SQL gives them: every event column in order (null where a type has none), `ts NULLS LAST, seq`. */
export function asSessionEvents(rows: readonly Record<string, unknown>[]): SessionEvent[] {
  const events = rows.map((row) => {
    const event: Record<string, unknown> = {};
    for (const { name } of EVENT_COLUMNS) event[name] = row[name] ?? null;
    event.file = row.file ?? null;
    return event as SessionEvent;
  });
  return events.sort(byTimeThenSeq);
}

/** One row of a session page's keys: the event, its turn (1-based) and the session's totals. */
export const SESSION_PAGE_KEY_ROW = { seq: 'number|null', turn_id: 'string|null', turn: 'number|null', events: 'number', turns: 'number' } as const;

export type SessionPageKey = RowOf<typeof SESSION_PAGE_KEY_ROW>;

/**
 * The events `offset`…`offset + limit - 1` of a session in the order the timeline shows them
 * (turns in the order they start, model/session/turn-groups.ts; events in time order within a
 * turn), each with its turn's number, and the session's event and turn counts; one row with a
 * null `seq` when the page is past the end. Reads three narrow columns, so any session size.
 */
export function sessionPageKeysQuery(sessionId: string, types: readonly string[], range: SeqRange | null, offset: number, limit: number): SqlQuery {
  return sql`
WITH ${timelineOrder(sessionId, types, range)},
totals AS (SELECT count(*)::INTEGER AS events, coalesce(max(turn), 0)::INTEGER AS turns FROM shown),
page AS (SELECT seq, turn_id, turn, shown_at FROM shown WHERE shown_at >= CAST(${offset} AS BIGINT) AND shown_at < CAST(${offset + limit} AS BIGINT))
SELECT p.seq, p.turn_id, p.turn::INTEGER AS turn, t.events, t.turns FROM totals t LEFT JOIN page p ON true
ORDER BY p.shown_at`;
}

/** `shown`: the session's events with their place in the timeline (`shown_at`, 0-based) and their turn's number, for a `WITH`. */
function timelineOrder(sessionId: string, types: readonly string[], range: SeqRange | null): SqlQuery {
  return sql`placed AS (
  SELECT seq, turn_id, row_number() OVER (ORDER BY ts NULLS LAST, seq) AS time_rank
  FROM (${typeViews(types, sql`seq, ts, turn_id, session_id`)}) WHERE ${seqRangeSql(range)} AND session_id = ${sessionId}
),
turned AS (SELECT seq, turn_id, time_rank, min(time_rank) OVER (PARTITION BY turn_id) AS turn_at FROM placed),
shown AS (SELECT seq, turn_id, row_number() OVER (ORDER BY turn_at, time_rank) - 1 AS shown_at, dense_rank() OVER (ORDER BY turn_at) AS turn FROM turned)`;
}

/** Where the session's retrieval or action (by event id) sits in its timeline (0-based); no row when it is not in the session. */
export function sessionRowPositionQuery(
  sessionId: string, types: readonly string[], range: SeqRange | null, row: { kind: 'retrieval' | 'action'; id: string },
): SqlQuery {
  const target = row.kind === 'retrieval'
    ? sql`SELECT seq FROM retrievals WHERE session_id = ${sessionId} AND retrieval_id = ${row.id}`
    : sql`SELECT seq FROM actions WHERE session_id = ${sessionId} AND event_id = ${row.id}`;
  return sql`
WITH ${timelineOrder(sessionId, types, range)}
SELECT shown_at::INTEGER AS shown_at FROM shown WHERE seq IN (${target}) ORDER BY shown_at LIMIT 1`;
}

export const SESSION_SUMMARY_ROW_SQL = `SELECT * FROM session_summary WHERE session_id = ?`;

/** The columns of `session_summary` a `SessionRow` holds (the table has more: bits, seq range). */
export const SESSION_SUMMARY_ROW = specOf<SessionRow>()({
  session_id: 'string', user_id: 'string|null', surface: 'string|null', run_id: 'string|null', start_ts: 'number|null', duration_ms: 'number|null',
  events: 'number', prompts: 'number', retrievals: 'number', actions: 'number', completions: 'number',
});
