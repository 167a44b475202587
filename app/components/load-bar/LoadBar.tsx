import { useRef } from 'react';
import { useDataset } from '../../queries/dataset';
import { dismissSampleNote, loadWithinBudget } from './budgeted-load';
import { MemoryBudgetChoice } from './MemoryBudgetChoice';

export function LoadBar() {
  const dataset = useDataset();
  const input = useRef<HTMLInputElement>(null);
  // Files can be picked while the engine starts: they load as soon as it is ready.
  const busy = dataset.phase === 'loading' || dataset.phase === 'clearing' || dataset.phase === 'failed';
  return (
    <div className="load-bar">
      <label className={`button primary${busy ? ' disabled' : ''}`}>
        Open log files
        <input
          ref={input}
          type="file"
          multiple
          disabled={busy}
          accept=".jsonl,.ndjson,.json,.csv,.gz,.parquet"
          className="visually-hidden"
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
            void loadWithinBudget(dataset, files);
          }}
        />
      </label>
      <button type="button" className="button" disabled={busy} onClick={() => void dataset.loadSamples()}>
        Load sample logs
      </button>
      <button type="button" className="button subtle" disabled={busy || dataset.phase !== 'ready' || dataset.summary.files === 0}
        title="Removes the logs from this tab and from this browser's storage" onClick={() => {
          dismissSampleNote();
          void dataset.clear();
        }}>
        Clear
      </button>
      <MemoryBudgetChoice />
    </div>
  );
}
