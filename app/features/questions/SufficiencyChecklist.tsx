import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { clockUtc } from '../../model/drift/format-time';
import type { PassageRow } from '../../model/drift/rows';
import { anchors } from './url';

const VERDICTS = {
  ok: { mark: '✓', label: 'gold evidence' },
  'no-gold': { mark: '!', label: 'evidence, none of it gold' },
  'no-evidence': { mark: '✗', label: 'no evidence passage' },
  evidence: { mark: '✓', label: 'evidence (no gold known)' },
} as const;

/**
 * Before the answer: each resolved sub-question with the passages it rests on (from the asset
 * catalog, not only the agent's note) and whether any is gold.
 */
export function SufficiencyChecklist({ run, passages, target }: { run: QuestionRunAnalysis; passages: Map<string, PassageRow>; target: string | null }) {
  const { sufficiency } = run;
  const answer = run.responses[0];
  const goldKnown = run.goldIds !== null;
  return (
    <section id={anchors.sufficiency} className={`panel${target === anchors.sufficiency ? ' is-target' : ''}`} aria-label="Sufficiency checklist">
      <h3>Sufficiency checklist</h3>
      {sufficiency.resolved.length === 0 && <p className="text-soft">No sub-question ended resolved.</p>}
      <ul className="checklist">
        {sufficiency.resolved.map((item) => {
          const verdict = item.evidenceIds.length === 0 ? 'no-evidence' : !goldKnown ? 'evidence' : item.goldIds.length ? 'ok' : 'no-gold';
          return (
            <li key={item.subquestionId} className={verdict}>
              <span className="check" title={VERDICTS[verdict].label} aria-label={VERDICTS[verdict].label}>{VERDICTS[verdict].mark}</span>
              <div>
                <div><span className="mono">{item.subquestionId}</span> {item.text}</div>
                {item.note && <div className="text-soft">note (the agent’s summary, not evidence): “{item.note}”</div>}
                {item.evidenceIds.length === 0 && <div className="text-bad">No evidence passage: resolved on the note alone.</div>}
                {item.evidenceIds.map((id) => (
                  <div key={id} className="evidence-passage">
                    <span className="mono">{id}</span>
                    {item.goldIds.includes(id) ? <span className="gold-status found">gold</span> : goldKnown ? <span className="gold-status other">not gold</span> : null}
                    <span className="passage-title">{passages.get(id)?.title ?? ''}</span>
                    <div className="passage-text">{passages.get(id)?.text ?? <span className="text-soft">passage not in the loaded catalog</span>}</div>
                  </div>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      <div className={`answer-line${sufficiency.insufficientBecause ? ' insufficient' : answer ? '' : ' unanswered'}`}>
        {answer ? (
          <>
            <strong>Answer</strong> at <span className="mono">{clockUtc(answer.ts)}</span>: “{answer.text}”
            {answer.cited_asset_ids?.length ? <span className="text-soft"> (cites {answer.cited_asset_ids.join(', ')})</span> : null}
            <div>
              {sufficiency.insufficientBecause
                ? `Insufficient evidence: ${sufficiency.insufficientBecause}.`
                : `Passes the sufficiency check: every resolved sub-question has evidence${goldKnown ? ', and some of it is gold' : ' (no gold known to check it against)'}.`}
            </div>
          </>
        ) : (
          <span className="text-soft">Not answered: no response names this question in this run.</span>
        )}
      </div>
    </section>
  );
}
