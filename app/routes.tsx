import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenId } from './links/screen-url';

type ScreenModule = Promise<{ default: ComponentType }>;

export interface Route {
  id: ScreenId;
  label: string;
  screen: LazyExoticComponent<ComponentType>;
  /** The screen's code, fetched and evaluated (once: later calls share the module). */
  load: () => ScreenModule;
}

const route = (id: ScreenId, label: string, load: () => ScreenModule): Route => ({ id, label, load, screen: lazy(load) });

/** One entry per screen; the `view` URL parameter picks one. */
export const ROUTES: Route[] = [
  route('overview', 'Overview', () => import('./features/overview/OverviewScreen')),
  route('metrics', 'Metrics', () => import('./features/metrics/MetricsScreen')),
  route('compare', 'Compare', () => import('./features/compare/CompareScreen')),
  route('sessions', 'Sessions', () => import('./features/sessions/SessionsScreen')),
  route('lineage', 'Lineage', () => import('./features/lineage/LineageScreen')),
  route('questions', 'Questions', () => import('./features/questions/QuestionsScreen')),
  route('annotate', 'Annotate', () => import('./features/annotate/AnnotateScreen')),
  route('review', 'Review', () => import('./features/review/ReviewScreen')),
  route('agreement', 'Agreement', () => import('./features/agreement/AgreementScreen')),
  route('gate', 'Gate & feedback', () => import('./features/gate/GateScreen')),
  route('rejected', 'Rejected rows', () => import('./features/rejected/RejectedScreen')),
];

export const DEFAULT_ROUTE = ROUTES[0];

/**
 * Every screen's code, loaded once the page is idle: the first visit to a screen then waits for
 * its queries only (opening Annotate spent ~200 ms fetching and evaluating its code at 1M events).
 */
export function preloadScreensWhenIdle(): () => void {
  const preload = () => ROUTES.forEach((r) => void r.load().catch(() => undefined));
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(preload, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(preload, 1000);
  return () => clearTimeout(id);
}
