import { useRef, useState } from 'react';
import { useDataset } from '../../session/dataset';
import { useLabeling } from '../../session/labeling';
import { AddOrReplaceChoice } from './AddOrReplaceChoice';
import { dismissSampleNote } from './budgeted-load';
import { ClearConfirm } from './ClearConfirm';
import { MemoryBudgetChoice } from './MemoryBudgetChoice';
import { openLogs } from './open-choice';

export function LoadBar() {
  const dataset = useDataset();
  const labeling = useLabeling();
  const input = useRef<HTMLInputElement>(null);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const clear = () => {
    setConfirmingClear(false);
    dismissSampleNote();
    void dataset.clear();
  };
  // Labels given on these logs and in no export yet: Clear asks first (they stay in this browser either way).
  const askClear = () => void labeling.unexportedHere().then((n) => (n > 0 ? setConfirmingClear(true) : clear()), clear);
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
            void openLogs(dataset, { kind: 'files', files });
          }}
        />
      </label>
      <button type="button" className="button" disabled={busy} onClick={() => void openLogs(dataset, { kind: 'samples' })}>
        Load sample logs
      </button>
      <button type="button" className="button subtle" disabled={busy || dataset.phase !== 'ready' || dataset.summary.files === 0}
        title="Removes the logs from this tab and from this browser's storage" onClick={askClear}>
        Clear
      </button>
      <MemoryBudgetChoice />
      <AddOrReplaceChoice />
      {confirmingClear && <ClearConfirm files={dataset.summary.files} onClear={clear} onCancel={() => setConfirmingClear(false)} />}
    </div>
  );
}
