import { useCallback, useSyncExternalStore } from 'react';

const URL_CHANGE = 'retrieval-inspector:urlchange';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(URL_CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(URL_CHANGE, onChange);
  };
}

/** Sets or removes query parameters; `push` adds a history entry (a navigation), else replaces. */
export function updateUrl(changes: Record<string, string | null | undefined>, push = true): void {
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  if (url.href === window.location.href) return;
  window.history[push ? 'pushState' : 'replaceState'](null, '', url);
  window.dispatchEvent(new Event(URL_CHANGE));
}

/** One query parameter as React state: the URL holds view state so that a link reproduces a view. */
export function useUrlParam(name: string): [string | null, (value: string | null, push?: boolean) => void] {
  const value = useSyncExternalStore(subscribe, () => new URLSearchParams(window.location.search).get(name));
  const set = useCallback((next: string | null, push = true) => updateUrl({ [name]: next }, push), [name]);
  return [value, set];
}

/** An href for the current page with some parameters changed, for real links (middle-click, copy). */
export function hrefWith(changes: Record<string, string | null>): string {
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return `${url.pathname}${url.search}`;
}

/** The whole query string as React state, for screens whose view state spans many parameters. */
export function useUrlSearch(): string {
  return useSyncExternalStore(subscribe, () => window.location.search);
}
