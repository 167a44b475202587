import type { EventScope } from '../../model/event-scope';
import type { SessionsView } from '../../links/sessions';
import { isSessionListSort, type SessionListFilter } from '../../model/session/session-list';

/** Which events the list's counts are taken over: the surface, category, system and week of the URL. */
export const listScope = ({ surface, category, system, week }: SessionsView): EventScope => ({ surface, category, system, week });

/** The list's filter from the screen's view state: newest first unless the URL sorts otherwise. */
export function listFilter(view: SessionsView): SessionListFilter {
  const column = view.sort?.column ?? '';
  const scoped = Object.values(listScope(view)).some((value) => value !== null);
  if (!view.sort || !isSessionListSort(column)) return { has: view.has, scoped, sort: 'start_ts', descending: true };
  return { has: view.has, scoped, sort: column, descending: view.sort.descending };
}

/** The view with every filter off (search, signals, scope), keeping the sort. */
export const NO_FILTERS: Partial<SessionsView> = { search: null, has: [], surface: null, category: null, system: null, week: null };

export const hasFilters = (view: SessionsView) =>
  view.search !== null || view.has.length > 0 || Object.values(listScope(view)).some((value) => value !== null);
