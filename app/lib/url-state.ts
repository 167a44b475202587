import { useSyncExternalStore } from 'react';

/** Fired after navigate() changes the URL; history.pushState fires no event of its own. */
const URL_CHANGE = 'retrieval-inspector:urlchange';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener('hashchange', onChange);
  window.addEventListener(URL_CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener(URL_CHANGE, onChange);
  };
}

/**
 * Goes to an in-app URL without reloading the page (the loaded logs live only in this tab).
 * A new entry in the history (Back returns here) unless `replace`, as for each keystroke in a
 * search box. A move to another screen starts at the top of the page, unless it aims at an anchor.
 */
export function navigate(href: string, { replace = false }: { replace?: boolean } = {}): void {
  const url = new URL(href, window.location.href);
  if (url.href === window.location.href) return;
  const otherScreen = url.searchParams.get('view') !== new URLSearchParams(window.location.search).get('view');
  window.history[replace ? 'replaceState' : 'pushState'](null, '', url);
  window.dispatchEvent(new Event(URL_CHANGE));
  if (otherScreen && !url.hash) window.scrollTo(0, 0);
}

/** The whole query string as React state: the URL holds view state so that a link reproduces a view. */
export function useUrlSearch(): string {
  return useSyncExternalStore(subscribe, () => window.location.search);
}

/** The #fragment, decoded, as React state; null when there is none. */
export function useUrlHash(): string | null {
  return useSyncExternalStore(subscribe, () => decodeURIComponent(window.location.hash.slice(1)) || null);
}
