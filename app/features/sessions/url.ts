import { SESSION_SORT_COLUMNS, type SessionListFilter, type SessionSortColumn } from '../../engine/sql/sessions';
import type { SessionsView } from '../../links/sessions';

/** The session list's filter from the screen's view state: newest first unless the URL sorts otherwise. */
export function listFilter({ search, surface, sort }: SessionsView): SessionListFilter {
  const column = sort?.column as SessionSortColumn | undefined;
  return {
    search: search ?? '',
    surface,
    sort: column && SESSION_SORT_COLUMNS.includes(column) ? column : 'start_ts',
    descending: sort?.descending ?? true,
  };
}
