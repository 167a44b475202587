import type { DriftFlag } from '../drift/flags';
import { SESSION_SIGNALS, type SessionSignal } from './signals';

/** An `answer_review` verdict; worst last, as the review column ranks them. */
export const VERDICT_SEVERITY = ['correct', 'partial', 'unsupported', 'wrong'] as const;
export type ReviewVerdict = (typeof VERDICT_SEVERITY)[number];

/** The signals the SQL counts (engine/sql/session-signals.ts); `drift` comes from the drift analysis. */
export type SqlSessionSignal = Exclude<SessionSignal, 'drift'>;

/** One row of `session_summary`: a session's ids and sizes, from its own events. */
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

/** One session of `session_summary` with its signal counts over its events in scope. */
export type SessionSignalRow = Omit<SessionRow, 'completions'> & {
  /** The worst resolved verdict of the session's answers in scope; null when none was reviewed. */
  worst_verdict: ReviewVerdict | null;
  /** Whether any event of the session is in scope (always, with no scope). */
  in_scope: boolean;
} & Record<SqlSessionSignal, number>;

export type SearchField =
  | 'prompt' | 'query' | 'response' | 'session id' | 'user id' | 'event id' | 'retrieval id' | 'turn id' | 'request id'
  /** What a trace import keeps (docs/log-format.md "Kept, searchable"): a retrieval's `retriever` and `extra`, a span's name and attributes. */
  | 'retriever' | 'retrieval metadata' | 'span name' | 'span attributes';

/** A session's first search match: which field, and that field's whole text. */
export interface SessionSearchMatch {
  session_id: string;
  field: SearchField;
  text: string;
}

/** The matched text cut around its first match, for a row. */
export interface SearchSnippet {
  field: SearchField;
  before: string;
  match: string;
  after: string;
}

export type SessionListRow = SessionSignalRow & {
  /** Drift flags of the session; null until the drift analysis is done. */
  drift: number | null;
  snippet: SearchSnippet | null;
};

export const SESSION_LIST_SORTS = [
  'session_id', 'user_id', 'surface', 'start_ts', 'duration_ms', 'prompts', 'retrievals', 'actions', ...SESSION_SIGNALS,
] as const;
export type SessionListSort = (typeof SESSION_LIST_SORTS)[number];

export const isSessionListSort = (value: string): value is SessionListSort => (SESSION_LIST_SORTS as readonly string[]).includes(value);

export interface SessionListFilter {
  /** Signals a session must have at least one of, each. */
  has: readonly SessionSignal[];
  /** Whether a category, system, week or surface narrows the list: then only sessions with an event in it. */
  scoped: boolean;
  sort: SessionListSort;
  descending: boolean;
}

/** Flags per session; with a system, only the flags of that run (the flag's `run_id`). */
export function driftCountsBySession(flags: readonly DriftFlag[], system: string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const flag of flags) {
    if (flag.session_id === null || (system !== null && flag.run_id !== system)) continue;
    counts.set(flag.session_id, (counts.get(flag.session_id) ?? 0) + 1);
  }
  return counts;
}

/** How many of a signal a row has (the review column: the answers judged wrong, partial or unsupported). */
export const signalCount = (row: SessionListRow, signal: SessionSignal): number => (signal === 'drift' ? row.drift ?? 0 : row[signal]);

/**
 * The text around the first case-insensitive occurrence of `needle`, at most `radius`
 * characters each side, an ellipsis where it was cut; the whole start when the needle is not
 * found as such (a match on a case-folding that changes length).
 */
export function searchSnippet(field: SearchField, text: string, needle: string, radius = 40): SearchSnippet {
  const at = needle ? text.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (at < 0) return { field, before: '', match: '', after: text.length > 2 * radius ? `${text.slice(0, 2 * radius)}…` : text };
  const from = Math.max(0, at - radius);
  const to = Math.min(text.length, at + needle.length + radius);
  return {
    field,
    before: `${from > 0 ? '…' : ''}${text.slice(from, at)}`,
    match: text.slice(at, at + needle.length),
    after: `${text.slice(at + needle.length, to)}${to < text.length ? '…' : ''}`,
  };
}

type SortValue = string | number | null;

const sortValue = (row: SessionListRow, sort: SessionListSort): SortValue => {
  // the review column ranks by its worst verdict, then by how many answers were not right
  if (sort === 'wrong') return row.worst_verdict === null ? null : VERDICT_SEVERITY.indexOf(row.worst_verdict) * 1e9 + row.wrong;
  if (sort === 'drift') return row.drift;
  return row[sort];
};

const compare = (a: SortValue, b: SortValue) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

/** Sorted by `sort`, empty values last either way, ties by session id. */
function sortRows(rows: SessionListRow[], sort: SessionListSort, descending: boolean): SessionListRow[] {
  const sign = descending ? -1 : 1;
  return rows.sort((a, b) => {
    const x = sortValue(a, sort);
    const y = sortValue(b, sort);
    if (x === null || y === null) return x === y ? a.session_id.localeCompare(b.session_id) : x === null ? 1 : -1;
    return sign * compare(x, y) || a.session_id.localeCompare(b.session_id);
  });
}

export interface SessionList {
  rows: SessionListRow[];
  /** Every session loaded, before any filter. */
  total: number;
  /**
   * Per signal, how many sessions the list would show with that signal added to the filter: the
   * rows shown (in scope, matching the search, with every signal already asked for) that also
   * have it. For a signal already on, the rows shown. Drift is null until the drift analysis is done.
   */
  withSignal: Record<SessionSignal, number | null>;
}

/**
 * The rows the list shows: the sessions in scope with at least one of each signal in `has`,
 * matching the search when there is one (`matches` non-null, with the snippet of each), sorted.
 */
export function shapeSessionList(input: {
  sessions: readonly SessionSignalRow[];
  drift: ReadonlyMap<string, number> | null;
  matches: readonly SessionSearchMatch[] | null;
  search: string;
  filter: SessionListFilter;
}): SessionList {
  const { sessions, drift, matches, search, filter } = input;
  const matchOf = matches ? new Map(matches.map((match) => [match.session_id, match])) : null;
  const rows: SessionListRow[] = [];
  const withSignal = Object.fromEntries(SESSION_SIGNALS.map((signal) => [signal, 0])) as Record<SessionSignal, number>;
  for (const session of sessions) {
    if (filter.scoped && !session.in_scope) continue;
    const match = matchOf?.get(session.session_id);
    if (matchOf && !match) continue;
    const row: SessionListRow = {
      ...session,
      drift: drift ? drift.get(session.session_id) ?? 0 : null,
      snippet: match ? searchSnippet(match.field, match.text, search) : null,
    };
    // signals combine with AND: a session that lacks one asked for is kept by no added signal either
    if (!filter.has.every((signal) => signalCount(row, signal) > 0)) continue;
    rows.push(row);
    for (const signal of SESSION_SIGNALS) if (signalCount(row, signal) > 0) withSignal[signal] += 1;
  }
  return { rows: sortRows(rows, filter.sort, filter.descending), total: sessions.length, withSignal: { ...withSignal, drift: drift ? withSignal.drift : null } };
}
