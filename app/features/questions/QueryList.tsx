import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { clockUtc } from '../../model/drift/format-time';
import { FlagKind } from './FlagList';
import { MarkedQuery } from './MarkedQuery';
import { anchors } from './url';

/** The run's queries in time order, drifting entity names marked, next to the question's own entities. */
export function QueryList({ run, target }: { run: QuestionRunAnalysis; target: string | null }) {
  const gold = new Set(run.goldIds ?? []);
  return (
    <section className="panel" aria-label="Queries">
      <h3>Queries</h3>
      <div className="own-entities">
        <span className="text-soft">Own entities (question and sub-questions):</span>{' '}
        {run.ownEntities.length ? run.ownEntities.map((e) => <span key={e} className="entity-chip">{e}</span>) : <span className="text-soft">none known</span>}
      </div>
      {run.retrievals.length === 0 && <p className="text-soft">No retrieval of this question in this run.</p>}
      <ol className="query-list">
        {run.retrievals.map((r) => {
          const id = anchors.retrieval(r.row.retrieval_id);
          const kinds = run.flags.filter((f) => f.retrieval_id === r.row.retrieval_id).map((f) => f.kind);
          return (
            <li key={r.row.retrieval_id} id={id} className={`query-item${target === id ? ' is-target' : ''}${kinds.length ? ' flagged' : ''}`}>
              <div className="query-meta">
                <span className="mono text-soft">{clockUtc(r.row.ts)}</span>
                <span className="mono">{r.row.retrieval_id}</span>
                <span className="mono text-soft">
                  {r.row.subquestion_id ? `${r.row.subquestion_id} · ${r.row.status_at_ts ?? 'no state yet'}` : 'no sub-question'}
                </span>
                {kinds.map((kind) => <FlagKind key={kind} kind={kind} />)}
              </div>
              <MarkedQuery query={r.row.query ?? ''} mentions={r.driftMentions} />
              <div className="returned mono">
                {(r.row.returned_asset_ids ?? []).map((assetId, rank) => (
                  <span key={`${assetId}-${rank}`} className={gold.has(assetId) ? 'returned-gold' : undefined} title={gold.has(assetId) ? `gold, rank ${rank + 1}` : `rank ${rank + 1}`}>
                    {assetId}
                  </span>
                ))}
                {r.row.returned_asset_ids?.length === 0 && <span className="text-soft">empty result</span>}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
