import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useDataset } from '../../session/dataset';
import { assetSearchOptions } from '../../queries/session-labels';
import { GradeButtons } from './GradeButtons';

interface Picked {
  assetId: string;
  title: string | null;
}

/**
 * "Mark a missed relevant asset": search the catalog by id or title, pick one, grade it 1–3.
 * An id the catalog does not list can be used as typed (labels may come before the catalog).
 * Assets the retrieval returned are graded in its list, so they are not offered here.
 */
export function MarkMissedAsset({ retrievalId, returned, labeled }: { retrievalId: string; returned: readonly string[]; labeled: readonly string[] }) {
  const dataset = useDataset();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Picked | null>(null);
  const deferred = useDeferredValue(text);
  const results = useQuery({ ...assetSearchOptions(dataset, deferred), enabled: open && dataset.engine !== null && deferred.trim() !== '' });
  const close = () => {
    setOpen(false);
    setText('');
    setPicked(null);
  };
  if (!open) {
    return <button type="button" className="label-link mark-missed-open" onClick={() => setOpen(true)}>+ Mark a missed relevant asset</button>;
  }
  const typed = text.trim();
  const rows = deferred.trim() === '' ? [] : (results.data ?? []);
  const exact = rows.some((row) => row.asset_id === typed);
  return (
    <div className="mark-missed" role="group" aria-label={`Mark an asset ${retrievalId} missed`}>
      <div className="mark-missed-bar">
        <input type="search" value={text} autoFocus placeholder="Asset id or title…" aria-label="Search the catalog by id or title"
          onChange={(event) => { setText(event.currentTarget.value); setPicked(null); }}
          onKeyDown={(event) => event.key === 'Escape' && close()} />
        <button type="button" className="label-link" onClick={close}>Cancel</button>
      </div>
      {picked ? (
        <div className="mark-missed-pick">
          <span><span className="mono">{picked.assetId}</span> — {picked.title ?? <span className="text-soft">not in the catalog</span>}: grade</span>
          <GradeButtons retrievalId={retrievalId} assetId={picked.assetId} grades={[1, 2, 3]} onGiven={close} />
          <button type="button" className="label-link" onClick={() => setPicked(null)}>back</button>
        </div>
      ) : (
        <ul className="mark-missed-results" aria-label="Catalog matches">
          {rows.map((row) => {
            const wasReturned = returned.includes(row.asset_id);
            return (
              <li key={row.asset_id}>
                <button type="button" disabled={wasReturned} onClick={() => setPicked({ assetId: row.asset_id, title: row.title })}
                  title={wasReturned ? 'Returned by this retrieval: grade it in the list above' : `Mark ${row.asset_id} as missed`}>
                  <span className="mono">{row.asset_id}</span> — {row.title ?? '(no title)'}
                  {row.kind && <span className="text-soft"> · {row.kind}</span>}
                  {wasReturned && <span className="text-soft"> · returned</span>}
                  {labeled.includes(row.asset_id) && <span className="text-soft"> · labeled</span>}
                </button>
              </li>
            );
          })}
          {typed !== '' && !exact && !returned.includes(typed) && results.isFetched && (
            <li>
              <button type="button" onClick={() => setPicked({ assetId: typed, title: null })}>
                Use <span className="mono">{typed}</span> as an asset id <span className="text-soft">(not in the catalog)</span>
              </button>
            </li>
          )}
          {typed !== '' && results.isFetched && rows.length === 0 && <li className="text-soft">No catalog entry matches.</li>}
        </ul>
      )}
    </div>
  );
}
