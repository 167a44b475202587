import { useState, type FormEvent } from 'react';
import { navigate } from '../../lib/url-state';
import { lineageUrl } from '../../links/lineage';
import type { TraceTarget } from '../../model/lineage/trace';

/** Type an asset id or a retrieval id to trace it across every session. */
export function TraceForm({ target }: { target: TraceTarget | null }) {
  const [kind, setKind] = useState<TraceTarget['kind']>(target?.kind ?? 'asset');
  const [id, setId] = useState(target?.id ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (id.trim()) navigate(lineageUrl.href({ trace: { kind, id: id.trim() } }));
  };
  return (
    <form className="trace-form" role="search" aria-label="Trace lineage" onSubmit={onSubmit}>
      <select aria-label="What to trace" value={kind} onChange={(event) => setKind(event.currentTarget.value as TraceTarget['kind'])}>
        <option value="asset">Asset id</option>
        <option value="retrieval">Retrieval id</option>
      </select>
      <input type="search" aria-label="Id to trace" placeholder={kind === 'asset' ? 'tpl-0148' : 'r-000123'} value={id}
        onChange={(event) => setId(event.currentTarget.value)} spellCheck={false} />
      <button type="submit" className="button primary">Trace</button>
      <span className="text-soft">Every retrieval that returned it, every action that consumed it and every completion it reached, across all sessions.</span>
    </form>
  );
}
