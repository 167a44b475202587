import { useDataset, type Dataset } from '../session/dataset';

/**
 * True while a screen has nothing to show: the engine starts, kept logs reopen, nothing is
 * loaded, or the first files are loading (a load that adds to loaded logs keeps the screens).
 */
export const nothingToShow = (dataset: Dataset) => dataset.engine === null || dataset.summary.files === 0;

/** What a screen shows before its data is known, or when nothing is loaded: what happens, or what to do next; never a blank page or zeros. */
export function EmptyDataset({ what }: { what: string }) {
  const dataset = useDataset();
  if (dataset.phase === 'starting' || dataset.phase === 'clearing') {
    const doing = dataset.phase === 'clearing' ? 'Clearing the logs…'
      : dataset.start?.step === 'restoring' ? 'Reopening the logs kept in this browser…'
        : dataset.start?.step === 'labels' ? 'Applying the labels given in this browser…' : 'Starting the database engine…';
    return (
      <div className="empty-state panel" aria-busy="true">
        <h2>{doing}</h2>
        {dataset.phase === 'clearing' ? (
          // Open log files is disabled until the old logs are gone (LoadBar.tsx): no invitation to use it
          <p>Nothing is shown until the data is known. <strong>Open log files</strong> is back as soon as the logs are removed.</p>
        ) : (
          <p>Nothing is shown until the data is known. You can already pick files with <strong>Open log files</strong>: they load as soon as the engine is ready.</p>
        )}
      </div>
    );
  }
  if (dataset.phase === 'loading') {
    return (
      <div className="empty-state panel" aria-busy="true">
        <h2>Loading the logs…</h2>
        <p>{what}</p>
      </div>
    );
  }
  if (dataset.phase === 'failed') {
    return (
      <div className="empty-state panel" role="alert">
        <h2>The database engine could not start</h2>
        <p>{dataset.notice?.text} Reload the page to try again.</p>
      </div>
    );
  }
  return (
    <div className="empty-state panel">
      <h2>No logs loaded</h2>
      <p>
        Open your agent's log files (JSON Lines, JSON or CSV, optionally gzip-compressed, and Parquet) with <strong>Open log files</strong>, drop
        them anywhere on this page, or try the bundled samples. {what}
      </p>
      <p className="text-soft">
        Everything stays in this browser: the logs are read into an in-browser DuckDB, kept in this browser's own storage so that a
        reload reopens them, and sent nowhere. <strong>Clear</strong> removes them.
      </p>
      <div className="actions">
        <button type="button" className="button primary" disabled={dataset.phase !== 'ready'} onClick={() => void dataset.loadSamples()}>
          Load sample logs
        </button>
      </div>
    </div>
  );
}
