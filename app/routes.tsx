import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenId } from './links/screen-url';

export interface Route {
  id: ScreenId;
  label: string;
  screen: LazyExoticComponent<ComponentType>;
}

/** One entry per screen; the `view` URL parameter picks one. */
export const ROUTES: Route[] = [
  { id: 'overview', label: 'Overview', screen: lazy(() => import('./features/overview/OverviewScreen')) },
  { id: 'metrics', label: 'Metrics', screen: lazy(() => import('./features/metrics/MetricsScreen')) },
  { id: 'compare', label: 'Compare', screen: lazy(() => import('./features/compare/CompareScreen')) },
  { id: 'sessions', label: 'Sessions', screen: lazy(() => import('./features/sessions/SessionsScreen')) },
  { id: 'lineage', label: 'Lineage', screen: lazy(() => import('./features/lineage/LineageScreen')) },
  { id: 'questions', label: 'Questions', screen: lazy(() => import('./features/questions/QuestionsScreen')) },
  { id: 'annotate', label: 'Annotate', screen: lazy(() => import('./features/annotate/AnnotateScreen')) },
  { id: 'review', label: 'Review', screen: lazy(() => import('./features/review/ReviewScreen')) },
  { id: 'agreement', label: 'Agreement', screen: lazy(() => import('./features/agreement/AgreementScreen')) },
  { id: 'gate', label: 'Gate & feedback', screen: lazy(() => import('./features/gate/GateScreen')) },
  { id: 'rejected', label: 'Rejected rows', screen: lazy(() => import('./features/rejected/RejectedScreen')) },
];

export const DEFAULT_ROUTE = ROUTES[0];
