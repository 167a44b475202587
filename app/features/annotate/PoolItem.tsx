import { GRADE_NAMES } from '../../components/labeling-keys/values';
import type { PoolItemRow } from '../../engine/sql/compare/pool';
import { pluralize } from '../../lib/format';
import { GRADES, type Grade } from '../../schema/given-label';
import { ItemNav } from './ItemNav';
import type { PoolSides } from './pool-sides';
import { releaseAfterClick } from './item-view';

const rank = (value: number | null) => (value === null ? '—' : `#${value}`);

interface PoolItemProps {
  item: PoolItemRow;
  position: number;
  total: number;
  /** The grade given here on every list of the item, when there is one. */
  grade: number | null;
  skipped: boolean;
  k: number;
  /** What the two lists are called: A and B, or the logged lists and the pipeline's. */
  sides: PoolSides;
  problem: string | null;
  undoable: boolean;
  onGrade(grade: Grade): void;
  onStep(delta: 1 | -1): void;
  onSkip(): void;
  onUndo(): void;
  onHelp(): void;
}

/** The open pool item: its query, where A and B rank the asset, the asset's text, and the grades. */
export function PoolItem({ item, position, total, grade, skipped, k, sides, problem, undoable, ...on }: PoolItemProps) {
  return (
    <div className="annotate-item" data-testid="annotate.pool.item" data-query={item.query} data-asset={item.asset_id}>
      <section className="panel annotate-labeling" aria-label="Your label">
        <header className="annotate-item-head">
          <div>
            <h2>Pool item {position + 1} of {total}</h2>
            <p className="text-soft annotate-item-meta">
              priority {item.priority.toFixed(3)}
              {grade !== null && <span className="badge soft">graded by you</span>}
              {skipped && <span className="badge warn">skipped</span>}
            </p>
          </div>
          <ItemNav onStep={on.onStep} onHelp={on.onHelp} />
        </header>
        <div className="annotate-context">
          <div>
            <p className="subhead">Query</p>
            <p className="annotate-query" data-testid="annotate.pool.query">{item.query}</p>
          </div>
          <dl className="annotate-pool-ranks" data-testid="annotate.pool.ranks" data-rank-a={item.rank_a ?? ''} data-rank-b={item.rank_b ?? ''}>
            <div><dt>rank in {sides.a}</dt><dd>{rank(item.rank_a)}</dd></div>
            <div><dt>rank in {sides.b}</dt><dd>{rank(item.rank_b)}</dd></div>
            <div className="text-soft"><dt>among the first</dt><dd>{k}</dd></div>
          </dl>
          <div className="annotate-pool-asset">
            <div className="annotate-asset-head">
              <strong>{item.title ?? <span className="text-soft">not in the catalog</span>}</strong>
              <span className="mono text-soft">{item.asset_id}</span>
            </div>
            {item.text ? <p className="annotate-pool-text" data-testid="annotate.pool.text">{item.text}</p> : <p className="text-soft">The logs hold no text for this asset.</p>}
          </div>
        </div>
        <div className="annotate-grades annotate-pool-grades" role="group" aria-label={`Grade ${item.asset_id} for this query`}>
          {GRADES.map((value) => (
            <button key={value} type="button" className={`annotate-grade grade-${value}`} aria-pressed={grade === value}
              title={`${value}: ${GRADE_NAMES[value]}`} onClick={(event) => { releaseAfterClick(event); on.onGrade(value); }}>
              {value}
            </button>
          ))}
          <span className="text-soft annotate-pool-lists">
            labels it on {pluralize(item.retrieval_ids.length, 'retrieval')} of this query: <span className="mono">{item.retrieval_ids.join(', ')}</span>
          </span>
        </div>
        <div className="annotate-actions">
          <button type="button" className="button" onClick={on.onSkip}>Skip <kbd>s</kbd></button>
          <button type="button" className="button" onClick={on.onUndo} disabled={!undoable}>Undo <kbd>z</kbd></button>
          {problem && <span className="text-bad" role="alert">{problem}</span>}
        </div>
        <p className="text-soft annotate-hint">0–3 grade (then the next item) · Enter next · s skip · j/k item · z undo · ? all keys</p>
      </section>
    </div>
  );
}
