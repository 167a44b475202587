import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import type { GoldAssessment } from '../../model/drift/evidence';
import { runLabel } from '../../model/drift/format-time';
import type { GoldReturnRow, PassageRow } from '../../model/drift/rows';
import { Link } from '../../components/Link';
import { questionsUrl } from '../../links/questions';
import { sessionsUrl } from '../../links/sessions';
import { anchors } from './url';

/** A link to the place a passage was returned: that question-run's view, else the session. */
function ReturnedAt({ where }: { where: GoldReturnRow }) {
  const href = where.question_id
    ? questionsUrl.href({ question: where.question_id, run: where.run_id }, { hash: anchors.retrieval(where.retrieval_id) })
    : sessionsUrl.href({ session: where.session_id });
  return (
    <span className="returned-at">
      <Link href={href} className="mono">{where.retrieval_id}</Link>
      {' '}rank {where.rank}{where.question_id ? <> · {where.question_id}</> : null} · run {runLabel(where.run_id)}
      {where.session_id && <> · <Link href={sessionsUrl.href({ session: where.session_id })} className="mono">session {where.session_id}</Link></>}
    </span>
  );
}

const STATUS_TEXT = { found: 'found', not_asked: 'not asked', unreachable: 'unreachable so far' } as const;

function GoldItem({ gold, passage, target }: { gold: GoldAssessment; passage: PassageRow | undefined; target: string | null }) {
  const id = anchors.gold(gold.assetId);
  return (
    <li id={id} className={`gold-item ${gold.status}${target === id ? ' is-target' : ''}`}>
      <div className="gold-head">
        <span className="mono">{gold.assetId}</span>
        <span className={`gold-status ${gold.status}`}>{STATUS_TEXT[gold.status]}</span>
        {passage?.title && <span className="passage-title">{passage.title}</span>}
      </div>
      {passage?.text && <div className="passage-text">{passage.text}</div>}
      {gold.status === 'found' && <div>Found by {gold.foundBy.map((r) => <ReturnedAt key={r.retrieval_id} where={r} />)}</div>}
      {gold.status === 'not_asked' && (
        <div>
          Reachable — this run never asked for it. Returned by {gold.returnedElsewhere.slice(0, 3).map((r) => <ReturnedAt key={r.retrieval_id} where={r} />)}
          {gold.returnedElsewhere.length > 3 && <span className="text-soft"> and {gold.returnedElsewhere.length - 3} more</span>}
        </div>
      )}
      {gold.status === 'unreachable' && <div className="text-soft">No retrieval in the loaded logs returned it: a retriever problem, or not yet proven reachable.</div>}
    </li>
  );
}

export function GoldEvidence({ run, passages, target }: { run: QuestionRunAnalysis; passages: Map<string, PassageRow>; target: string | null }) {
  return (
    <section className="panel" aria-label="Gold evidence">
      <h3>Gold evidence</h3>
      {run.gold.length === 0 ? (
        <p className="text-soft">No gold passages are known for this question (its <code>question</code> event has no <code>gold_evidence_ids</code>).</p>
      ) : (
        <ul className="gold-list">{run.gold.map((g) => <GoldItem key={g.assetId} gold={g} passage={passages.get(g.assetId)} target={target} />)}</ul>
      )}
    </section>
  );
}
