import { Suspense } from 'react';
import { DropZone } from './components/load-bar/DropZone';
import { LoadBar } from './components/load-bar/LoadBar';
import { LoadProgressPanel } from './components/load-bar/LoadProgressPanel';
import { StatusLine } from './components/StatusLine';
import { formatCount } from './lib/format';
import { hrefWith, updateUrl, useUrlParam } from './lib/url-state';
import { useDataset } from './queries/dataset';
import { DEFAULT_ROUTE, ROUTES } from './routes';

/** What a screen shows open inside it; a nav link returns to the screen's top level, filters stay. */
const SELECTION_PARAMS = ['session', 'question', 'run', 'asset', 'retrieval', 'cell', 'tier3'];

const navigationTo = (view: string) => ({ view, ...Object.fromEntries(SELECTION_PARAMS.map((name) => [name, null])) });

export function App() {
  const [view] = useUrlParam('view');
  const { summary, phase, progress, cancel } = useDataset();
  const route = ROUTES.find((r) => r.id === view) ?? DEFAULT_ROUTE;
  const Screen = route.screen;
  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <span className="brand-mark" aria-hidden>◎</span> Retrieval Inspector
        </div>
        <nav aria-label="Screens" className="nav">
          {ROUTES.map((r) => (
            <a
              key={r.id}
              href={hrefWith(navigationTo(r.id))}
              aria-current={r.id === route.id ? 'page' : undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                updateUrl(navigationTo(r.id));
              }}
            >
              {r.label}
              {r.id === 'rejected' && summary.rejected + summary.warnings > 0 && (
                <span className="badge bad">{formatCount(summary.rejected + summary.warnings)}</span>
              )}
            </a>
          ))}
        </nav>
        <LoadBar />
      </header>
      {phase === 'loading' && <LoadProgressPanel progress={progress} onCancel={cancel} />}
      <StatusLine />
      <main className="app-main">
        <Suspense fallback={<div className="empty-state">Loading screen…</div>}>
          <Screen />
        </Suspense>
      </main>
      <DropZone />
    </div>
  );
}
