import type { SqlValue } from '../engine';
import { ident } from './quote';

export interface SessionRow {
  session_id: string;
  user_id: string | null;
  surface: string | null;
  run_id: string | null;
  start_ts: number | null;
  duration_ms: number | null;
  events: number;
  prompts: number;
  retrievals: number;
  actions: number;
  completions: number;
}

export const SESSION_SORT_COLUMNS = [
  'session_id', 'user_id', 'surface', 'start_ts', 'duration_ms', 'prompts', 'retrievals', 'actions', 'completions',
] as const;
export type SessionSortColumn = (typeof SESSION_SORT_COLUMNS)[number];

export interface SessionListFilter {
  search: string;
  surface: string | null;
  sort: SessionSortColumn;
  descending: boolean;
}

export function sessionListQuery(filter: SessionListFilter): { sql: string; params: SqlValue[] } {
  const sort = SESSION_SORT_COLUMNS.includes(filter.sort) ? filter.sort : 'start_ts';
  const pattern = filter.search.trim() ? `%${filter.search.trim()}%` : null;
  return {
    sql: `SELECT * FROM session_summary
          WHERE (?::VARCHAR IS NULL OR session_id ILIKE ? OR user_id ILIKE ?)
            AND (?::VARCHAR IS NULL OR surface = ?)
          ORDER BY ${ident(sort)} ${filter.descending ? 'DESC' : 'ASC'} NULLS LAST, session_id`,
    params: [pattern, pattern, pattern, filter.surface, filter.surface],
  };
}

export const SURFACES_SQL = `SELECT DISTINCT surface FROM session_summary WHERE surface IS NOT NULL ORDER BY surface`;

export const SESSION_EVENTS_SQL = `SELECT e.*, f.name AS file FROM events e LEFT JOIN files f ON f.file_id = e.file_id
  WHERE e.session_id = ? ORDER BY e.ts NULLS LAST, e.seq`;

export const SESSION_SUMMARY_ROW_SQL = `SELECT * FROM session_summary WHERE session_id = ?`;
