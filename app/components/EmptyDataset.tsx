import { useDataset } from '../queries/dataset';

/** What a screen shows before anything is loaded: what to do next, not a blank page. */
export function EmptyDataset({ what }: { what: string }) {
  const dataset = useDataset();
  return (
    <div className="empty-state panel">
      <h2>No logs loaded</h2>
      <p>
        Open your agent's log files (JSON Lines, JSON, CSV, optionally gzip-compressed) with <strong>Open log files</strong>, drop
        them anywhere on this page, or try the bundled samples. {what}
      </p>
      <p className="text-soft">Everything stays in this browser tab: the logs are read into an in-browser DuckDB and sent nowhere.</p>
      <div className="actions">
        <button type="button" className="button primary" disabled={dataset.phase !== 'ready'} onClick={() => void dataset.loadSamples()}>
          Load sample logs
        </button>
      </div>
    </div>
  );
}
