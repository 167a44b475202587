import { SUMMARY_SESSIONS_TABLE } from '../../schema/sessions-summary';
import { specOf } from './core/row-spec';
import { identifier, sql, type SqlQuery } from './core/sql-query';
import { ident } from './core/quote';

/** The columns the full-dataset table sorts by. */
export const FULL_SUMMARY_SORTS = [
  'session_id', 'user_id', 'surface', 'category', 'start_ts', 'duration_ms', 'events', 'prompts', 'retrievals', 'actions',
  'masked', 'orf', 'empty', 'clarify', 'handoff', 'down', 'wrong', 'rewrite', 'completion',
] as const;
export type FullSummarySort = (typeof FULL_SUMMARY_SORTS)[number];

export interface FullSummaryTotals {
  sessions: number;
  events: number | null;
  first_ts: number | null;
  last_ts: number | null;
  /** How many of the summary's sessions have events loaded (the sample beside it). */
  loaded: number;
}

/** A summary row (schema/sessions-summary.ts) and whether the session's events are loaded. */
export interface FullSummaryRow {
  session_id: string;
  user_id: string | null;
  surface: string | null;
  run_id: string | null;
  category: string | null;
  start_ts: number | null;
  end_ts: number | null;
  duration_ms: number | null;
  events: number;
  prompts: number;
  retrievals: number;
  actions: number;
  masked: number;
  orf: number;
  empty: number;
  clarify: number;
  handoff: number;
  down: number;
  wrong: number;
  worst_verdict: string | null;
  rewrite: number;
  completion: number;
  loaded: boolean;
}

export const FULL_SUMMARY_TOTALS_ROW = specOf<FullSummaryTotals>()({
  sessions: 'number', events: 'number|null', first_ts: 'number|null', last_ts: 'number|null', loaded: 'number',
});

export const FULL_SUMMARY_ROW = specOf<FullSummaryRow>()({
  session_id: 'string', user_id: 'string|null', surface: 'string|null', run_id: 'string|null', category: 'string|null',
  start_ts: 'number|null', end_ts: 'number|null', duration_ms: 'number|null', events: 'number', prompts: 'number', retrievals: 'number', actions: 'number',
  masked: 'number', orf: 'number', empty: 'number', clarify: 'number', handoff: 'number', down: 'number', wrong: 'number', worst_verdict: 'string|null',
  rewrite: 'number', completion: 'number', loaded: 'boolean',
});

const TABLE = ident(SUMMARY_SESSIONS_TABLE);

export const FULL_SUMMARY_TOTALS_SQL = `
SELECT count(*)::INTEGER AS sessions, sum(s.events)::DOUBLE AS events, min(s.start_ts) AS first_ts, max(s.end_ts) AS last_ts,
       count(ss.session_id)::INTEGER AS loaded
FROM ${TABLE} s LEFT JOIN session_summary ss ON ss.session_id = s.session_id`;

/** The first `limit` rows in this order (all of them when `limit` is null), ties by session id; `loadedOnly`: those whose events are loaded. */
export function fullSummaryRowsQuery(sort: FullSummarySort, descending: boolean, limit: number | null, loadedOnly = false): SqlQuery {
  const order = sql`s.${identifier(sort)} ${descending ? sql`DESC` : sql`ASC`} NULLS LAST, s.session_id`;
  const page = limit === null ? sql`` : sql`LIMIT ${limit}`;
  return sql`
SELECT s.* EXCLUDE (file_id), ss.session_id IS NOT NULL AS loaded
FROM ${identifier(SUMMARY_SESSIONS_TABLE)} s LEFT JOIN session_summary ss ON ss.session_id = s.session_id
${loadedOnly ? sql`WHERE ss.session_id IS NOT NULL` : sql``}
ORDER BY ${order} ${page}`;
}
