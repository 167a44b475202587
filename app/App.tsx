import { Suspense, useEffect } from 'react';
import { AnnotatorChip } from './components/AnnotatorChip';
import { DropZone } from './components/load-bar/DropZone';
import { LoadBar } from './components/load-bar/LoadBar';
import { LoadProgressPanel } from './components/load-bar/LoadProgressPanel';
import { StatusLine } from './components/StatusLine';
import { Link } from './components/Link';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { formatCount } from './lib/format';
import { useUrlSearch } from './lib/url-state';
import { SCREEN_URLS } from './links/screens';
import { useDataset, useLoadProgress } from './session/dataset';
import { DEFAULT_ROUTE, preloadScreensWhenIdle, ROUTES } from './routes';

/** Reads the progress itself, so that a progress report re-renders this line only. */
function LoadProgressLine({ onCancel }: { onCancel: () => void }) {
  return <LoadProgressPanel progress={useLoadProgress()} onCancel={onCancel} />;
}

export function App() {
  const search = useUrlSearch();
  const view = new URLSearchParams(search).get('view');
  const { summary, phase, cancel } = useDataset();
  const route = ROUTES.find((r) => r.id === view) ?? DEFAULT_ROUTE;
  const Screen = route.screen;
  useEffect(preloadScreensWhenIdle, []);
  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <span className="brand-mark" aria-hidden>◎</span> Retrieval Inspector
        </div>
        <nav aria-label="Screens" className="nav">
          {ROUTES.map((r) => (
            <Link key={r.id} href={SCREEN_URLS[r.id].href({}, { from: search })} aria-current={r.id === route.id ? 'page' : undefined}>
              {r.label}
              {r.id === 'rejected' && summary.rejected + summary.warnings > 0 && (
                <span className="badge bad">{formatCount(summary.rejected + summary.warnings)}</span>
              )}
            </Link>
          ))}
        </nav>
        <AnnotatorChip />
        <LoadBar />
      </header>
      {phase === 'loading' && <LoadProgressLine onCancel={cancel} />}
      <StatusLine />
      <main className="app-main">
        <ScreenErrorBoundary key={route.id} resetKey={search} screen={route.label} backHref={SCREEN_URLS.overview.href({}, { from: search })}>
          <Suspense fallback={<div className="empty-state">Loading screen…</div>}>
            <Screen />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      <DropZone />
    </div>
  );
}
