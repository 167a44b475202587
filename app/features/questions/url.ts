import { useEffect, useSyncExternalStore } from 'react';
import type { MouseEvent } from 'react';
import type { DriftFlagKind } from '../../model/drift/flags';
import { DRIFT_FLAG_KINDS } from '../../model/drift/flags';

/**
 * The Questions screen's view state in the URL, so each view is a shareable link:
 * `question` + `run` (the open question-run), `flag` and `list_run` (list filters),
 * `compare=1` with `run_a` / `run_b` (the comparison), and a `#anchor` for one event.
 */
export const NO_RUN_PARAM = '(none)';

export const runToParam = (runId: string | null) => runId ?? NO_RUN_PARAM;
export const runFromParam = (param: string | null): string | null | undefined =>
  param === null ? undefined : param === NO_RUN_PARAM ? null : param;

export const flagFromParam = (param: string | null): DriftFlagKind | null =>
  DRIFT_FLAG_KINDS.includes(param as DriftFlagKind) ? (param as DriftFlagKind) : null;

/** Element ids the flags and links point at. */
export const anchors = {
  retrieval: (id: string) => `retrieval-${id}`,
  subquestion: (id: string) => `subquestion-${id}`,
  gold: (assetId: string) => `gold-${assetId}`,
  sufficiency: 'sufficiency',
};

export const questionHref = (questionId: string, runId: string | null, anchor?: string) =>
  `?${new URLSearchParams({ view: 'questions', question: questionId, run: runToParam(runId) })}${anchor ? `#${anchor}` : ''}`;

export const sessionHref = (sessionId: string) => `?${new URLSearchParams({ view: 'sessions', session: sessionId })}`;

/** Follows an in-app link without reloading (the logs live only in this tab); modified clicks open normally. */
export function followLink(event: MouseEvent<HTMLAnchorElement>) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  window.history.pushState(null, '', event.currentTarget.href);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

function subscribeToLocation(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/** The element id in the URL's #fragment; scrolls it into view once `ready` (the content is drawn). */
export function useAnchorTarget(ready: boolean): string | null {
  const target = useSyncExternalStore(subscribeToLocation, () => decodeURIComponent(window.location.hash.slice(1)) || null);
  useEffect(() => {
    if (ready && target) document.getElementById(target)?.scrollIntoView({ block: 'center' });
  }, [ready, target]);
  return target;
}
