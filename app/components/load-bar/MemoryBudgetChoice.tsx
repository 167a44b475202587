import { useState } from 'react';
import { formatBytes, pluralize } from '../../lib/format';
import type { FileEstimate } from '../../model/memory-budget';
import { useDataset } from '../../session/dataset';
import { dismissSampleNote, resolveHeld, useBudgetState } from './budgeted-load';
import './budget.css';

const EXPANDED_FROM: Record<FileEstimate['expandedFrom'], string> = {
  size: '', 'gzip-trailer': 'from the gzip trailer', 'gzip-head': 'measured on its start', 'gzip-ratio': 'guessed from a typical ratio',
};
const ordinal = (k: number) => `${k}${k % 10 === 1 && k % 100 !== 11 ? 'st' : k % 10 === 2 && k % 100 !== 12 ? 'nd' : k % 10 === 3 && k % 100 !== 13 ? 'rd' : 'th'}`;
const shellQuote = (name: string) => (/^[\w./-]+$/.test(name) ? name : `'${name.replace(/'/g, `'\\''`)}'`);

/**
 * A file set estimated over this tab's memory budget is held before loading, with the choices:
 * a sample of sessions, some of the files, the command line's native engine, or loading anyway.
 */
export function MemoryBudgetChoice() {
  const dataset = useDataset();
  const { held, sampled } = useBudgetState();
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(new Set());
  if (!held) {
    if (!sampled) return null;
    return (
      <span className="budget-sampled" role="status" data-testid="budget.sampled">
        A sample: every {ordinal(sampled.every)} session{' '}
        <button type="button" className="button subtle" aria-label="Dismiss the sample note" onClick={dismissSampleNote}>×</button>
      </span>
    );
  }
  const { files, estimate } = held;
  const chosen = files.filter((_, index) => !unchecked.has(index));
  const chosenBytes = estimate.files.reduce((sum, file, index) => sum + (unchecked.has(index) ? 0 : file.memoryBytes), 0);
  const guessed = estimate.files.some((file) => file.expandedFrom !== 'size');
  const k = estimate.sampleEvery;
  const close = (choice: Parameters<typeof resolveHeld>[1]) => {
    setUnchecked(new Set());
    resolveHeld(dataset, choice);
  };
  const command = `npx retrieval-inspector report --engine native ${files.map((file) => shellQuote(file.name)).join(' ')}`;
  return (
    <div className="budget-backdrop">
      <section className="panel budget-choice" role="dialog" aria-modal="true" aria-labelledby="budget-title" data-testid="budget.choice"
        onKeyDown={(event) => event.key === 'Escape' && close(null)}>
        <h2 id="budget-title">These files may not fit in this tab's memory</h2>
        <p>
          Loaded, the {pluralize(files.length, 'file')} would take about <strong data-testid="budget.estimate" data-bytes={estimate.memoryBytes}>{formatBytes(estimate.memoryBytes)}</strong> of
          memory{guessed ? ' (an estimate: compressed files are counted at the size they expand to)' : ' (an estimate)'},
          more than this tab's budget of <strong data-testid="budget.limit" data-bytes={estimate.budgetBytes}>{formatBytes(estimate.budgetBytes)}</strong>. Loading them all may crash the tab. Nothing is loaded yet.
        </p>
        <div className="budget-options">
          <div>
            <button type="button" className="button primary" autoFocus onClick={() => close({ sessionSample: { every: k } })} data-testid="budget.sample" data-every={k}>
              Load a sample: every {ordinal(k)} session
            </button>
            <p className="text-soft">About 1 in {k} sessions, chosen by a hash of session_id, so the same sessions every time; all events of a chosen session are kept.</p>
          </div>
          <fieldset>
            <legend>Load only some files</legend>
            {estimate.files.map((file, index) => (
              <label key={index} className="budget-file">
                <input type="checkbox" checked={!unchecked.has(index)}
                  onChange={(event) => setUnchecked((set) => { const next = new Set(set); if (event.target.checked) next.delete(index); else next.add(index); return next; })} />
                <bdi>{file.name}</bdi> <span className="text-soft">— about {formatBytes(file.memoryBytes)}{file.expandedFrom !== 'size' && ` (${formatBytes(file.expandedBytes)} once expanded, ${EXPANDED_FROM[file.expandedFrom]})`}</span>
              </label>
            ))}
            <button type="button" className="button" disabled={chosen.length === 0} onClick={() => close({ files: chosen })}>
              Load the {pluralize(chosen.length, 'checked file')} (about {formatBytes(chosenBytes)})
            </button>
            {chosenBytes > estimate.budgetBytes && chosen.length > 0 && <span className="text-soft"> still over the budget</span>}
          </fieldset>
          <div>
            <p>Or read them all with the command line's native engine, which is not held to a tab's memory (run it in the folder that holds them):</p>
            <pre className="budget-command" data-testid="budget.command"><code>{command}</code></pre>
          </div>
        </div>
        <div className="budget-actions">
          <button type="button" className="button subtle" onClick={() => close({})} data-testid="budget.anyway">Load all anyway</button>
          <button type="button" className="button subtle" onClick={() => close(null)}>Cancel</button>
        </div>
      </section>
    </div>
  );
}
