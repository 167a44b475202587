import { SESSION_SORT_COLUMNS, type SessionListFilter, type SessionSortColumn } from '../../engine/sql/sessions';

/** The sessions screen's view state in the URL: `session`, `q`, `surface`, `sort` (`-` prefix = descending). */
export function filterFromParams(params: URLSearchParams): SessionListFilter {
  const sortParam = params.get('sort') ?? '-start_ts';
  const descending = sortParam.startsWith('-');
  const column = sortParam.replace(/^-/, '') as SessionSortColumn;
  return {
    search: params.get('q') ?? '',
    surface: params.get('surface'),
    sort: SESSION_SORT_COLUMNS.includes(column) ? column : 'start_ts',
    descending,
  };
}

export const sortParam = (column: SessionSortColumn, descending: boolean) => `${descending ? '-' : ''}${column}`;
