import { pluralize } from '../../lib/format';

/** Says that labels given on the loaded logs are in no file yet, with the button that writes them. */
export function UnexportedNote({ count, exportThem, error }: { count: number | null; exportThem(): Promise<void>; error: string | null }) {
  if (count === null || count === 0) return null;
  return (
    <div className="choice-note" data-testid="unexported-labels">
      <p>
        <strong>{pluralize(count, 'label')} you gave on these logs {count === 1 ? 'is' : 'are'} in no exported file yet.</strong>{' '}
        {count === 1 ? 'It stays' : 'They stay'} in this browser and {count === 1 ? 'applies' : 'apply'} again when these logs are loaded, but no file holds {count === 1 ? 'it' : 'them'}.
      </p>
      <button type="button" className="button" onClick={() => void exportThem()}>Export {count === 1 ? 'it' : `the ${pluralize(count, 'label')}`} ↓</button>
      {error && <div className="query-error" role="alert">Export failed: {error}</div>}
    </div>
  );
}
