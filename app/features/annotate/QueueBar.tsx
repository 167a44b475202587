import { useState, type FormEvent } from 'react';
import { Link } from '../../components/Link';
import { navigate } from '../../lib/url-state';
import { annotateUrl, QUEUE_KINDS, QUEUE_PICKS, QUEUE_STRATA, type AnnotateView } from '../../links/annotate';
import { describeSlice } from '../../model/compare/slice';

const KIND_LABEL = { relevance: 'Relevance', role: 'Role', intent: 'Intent' } as const;
const KIND_WHAT = {
  relevance: 'grade each returned asset 0–3',
  role: 'pick why the retriever was called',
  intent: 'did the prompt need retrieval, and which intents',
  pool: 'grade the unlabeled assets that decide whether B − A is settled',
} as const;
const PICK_LABEL = {
  unlabeled: 'Unlabeled only',
  disagreement: 'With a disagreement',
  single: 'Labeled by one annotator',
  sample: 'Stratified random sample',
} as const;

/** A fresh seed for a new sample: short enough to read out, written into the link so that the sample can be shared. */
export const newSeed = () => Math.random().toString(36).slice(2, 8);

const change = (changes: Partial<AnnotateView>) => navigate(annotateUrl.changed({ ...changes, item: null }));

/** Which queue: the label kind, which items, and for a sample its strata, seed and size. */
export function QueueBar({ view }: { view: AnnotateView }) {
  return (
    <section className="panel annotate-bar" aria-label="Queue">
      <nav className="annotate-kinds" aria-label="Label kind">
        {QUEUE_KINDS.map((kind) => (
          <Link key={kind} href={annotateUrl.changed({ queue: kind, item: null, a: {}, b: {} })} aria-current={view.queue === kind ? 'page' : undefined}>
            {KIND_LABEL[kind]}
          </Link>
        ))}
        {view.queue === 'pool' && <Link href={annotateUrl.changed({ item: null })} aria-current="page">Pool</Link>}
      </nav>
      <span className="text-soft annotate-kind-what">{KIND_WHAT[view.queue]}</span>
      {view.queue === 'pool' ? (
        <p className="annotate-pool-versus" data-testid="annotate.pool.versus">
          <span className="annotate-side-badge">A</span> {describeSlice(view.a)} <span className="text-soft">vs</span> <span className="annotate-side-badge">B</span> {describeSlice(view.b)}
        </p>
      ) : <div className="toolbar annotate-pick">
        <label className="facet">
          Items
          <select value={view.pick} onChange={(event) => {
            const pick = event.target.value as AnnotateView['pick'];
            change({ pick, seed: pick === 'sample' ? view.seed ?? newSeed() : view.seed });
          }}>
            {QUEUE_PICKS.map((pick) => <option key={pick} value={pick}>{PICK_LABEL[pick]}</option>)}
          </select>
        </label>
        {view.pick === 'sample' && <SampleFields view={view} key={`${view.seed}|${view.size}`} />}
      </div>}
    </section>
  );
}

function SampleFields({ view }: { view: AnnotateView }) {
  const [seed, setSeed] = useState(view.seed ?? '');
  const [size, setSize] = useState(String(view.size));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({ seed: seed.trim() || newSeed(), size: Number(size) || view.size });
  };
  return (
    <form className="annotate-sample" onSubmit={submit}>
      <label className="facet">
        by
        <select value={view.by} onChange={(event) => change({ by: event.target.value as AnnotateView['by'] })}>
          {QUEUE_STRATA.map((by) => <option key={by} value={by}>{by}</option>)}
        </select>
      </label>
      <label className="facet">seed <input type="text" value={seed} onChange={(event) => setSeed(event.target.value)} size={8} /></label>
      <label className="facet">size <input type="text" inputMode="numeric" value={size} onChange={(event) => setSize(event.target.value)} size={4} /></label>
      <button type="submit" className="button">Apply</button>
      <button type="button" className="button subtle" onClick={() => change({ seed: newSeed() })}>New seed</button>
      <span className="text-soft">The same seed gives the same sample: share this page's address.</span>
    </form>
  );
}
