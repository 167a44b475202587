import type { Param } from './param';
import { text } from './param';
import { screenUrl } from './screen-url';

export interface SessionSort {
  column: string;
  descending: boolean;
}

/** A column name, `-` first for descending; the screen checks the column against the ones its SQL sorts by. */
const sort = (name: string): Param<SessionSort | null> => ({
  names: [name],
  read: (params) => {
    const value = params.get(name);
    return value ? { column: value.replace(/^-/, ''), descending: value.startsWith('-') } : null;
  },
  write: (value) => (value ? [[name, `${value.descending ? '-' : ''}${value.column}`]] : []),
});

/** Sessions: the list's filters and sort, the open session and its selected graph node. */
export const sessionsUrl = screenUrl('sessions', {
  session: text('session'),
  node: text('node'),
  search: text('q'),
  surface: text('surface'),
  sort: sort('sort'),
});

export type SessionsView = ReturnType<typeof sessionsUrl.read>;
