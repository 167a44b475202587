import { isSessionSignal, type SessionSignal } from '../model/session/signals';
import type { Param } from './param';
import { list, text } from './param';
import { screenUrl } from './screen-url';

export interface SessionSort {
  column: string;
  descending: boolean;
}

/** A column name, `-` first for descending; the screen checks the column against the ones it sorts by. */
const sort = (name: string): Param<SessionSort | null> => ({
  names: [name],
  read: (params) => {
    const value = params.get(name);
    return value ? { column: value.replace(/^-/, ''), descending: value.startsWith('-') } : null;
  },
  write: (value) => (value ? [[name, `${value.descending ? '-' : ''}${value.column}`]] : []),
});

/**
 * The open session's timeline page, 1-based in the URL (`page=3`), 0-based in the view; null
 * (absent) opens the page of the selected node, else the first.
 */
const pageIndex = (name: string): Param<number | null> => ({
  names: [name],
  read: (params) => {
    const value = Number(params.get(name));
    return Number.isSafeInteger(value) && value >= 1 ? value - 1 : null;
  },
  write: (value) => (value === null ? [] : [[name, String(value + 1)]]),
});

/** Signals a session must have (comma-separated); unknown names are dropped. */
const signals = (name: string): Param<SessionSignal[]> => {
  const names = list(name);
  return { names: names.names, read: (params) => names.read(params).filter(isSessionSignal), write: names.write };
};

/**
 * Sessions: the list's search, filters and sort, the open session, its timeline page and its selected graph node.
 * `has` keeps sessions with at least one event of each signal; `category` (the event's own, or its
 * turn's prompt's), `system` (run_id) and `week` (ISO week of the event, `2026-W07`) narrow which
 * signal events count for `has`, and keep only sessions with an event in that scope when `has` is
 * empty. A count elsewhere (gate, feedback) links here with the same scope.
 */
export const sessionsUrl = screenUrl('sessions', {
  session: text('session'),
  node: text('node'),
  page: pageIndex('page'),
  search: text('q'),
  surface: text('surface'),
  has: signals('has'),
  category: text('category'),
  system: text('system'),
  week: text('week'),
  sort: sort('sort'),
  /** The what-if pipeline whose list a retrieval with stages shows beside the returned one (rrf:60 when absent). */
  whatIf: text('what_if'),
});

export type SessionsView = ReturnType<typeof sessionsUrl.read>;
