import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { clockUtc } from '../../model/drift/format-time';
import type { PassageRow } from '../../model/drift/rows';
import { EVIDENCE_VERDICTS, evidenceVerdict, sufficiencyVerdict } from '../../model/drift/sufficiency-verdict';
import { AnswerCheck } from '../../components/AnswerCheck';
import { anchors } from './url';
import './evidence-check.css';

/**
 * Before the answer: each resolved sub-question with the passages it rests on (from the asset
 * catalog, not only the agent's note), each passage marked gold or not gold when gold is known;
 * then the answer against the gold answer, and the check's verdict (sufficiency-verdict.ts): never
 * green over evidence none of which is gold, nor over an answer that differs from gold.
 */
export function SufficiencyChecklist({ run, passages, target }: { run: QuestionRunAnalysis; passages: Map<string, PassageRow>; target: string | null }) {
  const { sufficiency, finalAnswer } = run;
  const goldKnown = run.goldIds !== null;
  const verdict = sufficiencyVerdict(run);
  return (
    <section id={anchors.sufficiency} className={`panel${target === anchors.sufficiency ? ' is-target' : ''}`} aria-label="Sufficiency checklist">
      <h3>Sufficiency checklist</h3>
      {sufficiency.resolved.length === 0 && <p className="text-soft">No sub-question ended resolved.</p>}
      <ul className="checklist">
        {sufficiency.resolved.map((item) => {
          const { mark, label, tone } = EVIDENCE_VERDICTS[evidenceVerdict(item, goldKnown)];
          return (
            <li key={item.subquestionId} className={`tone-${tone}`} data-subquestion={item.subquestionId}>
              <span className="check" title={label} aria-label={label}>{mark}</span>
              <div>
                <div><span className="mono">{item.subquestionId}</span> {item.text}</div>
                {item.note && <div className="text-soft">note (the agent’s summary, not evidence): “{item.note}”</div>}
                {item.evidenceIds.length === 0 && <div className="text-bad">No evidence passage: resolved on the note alone.</div>}
                {item.evidenceIds.map((id) => (
                  <div key={id} className="evidence-passage" data-evidence={id}>
                    <span className="mono">{id}</span>
                    {item.goldIds.includes(id) ? <span className="gold-status found">gold</span> : goldKnown ? <span className="gold-status not-gold">not gold</span> : null}
                    <span className="passage-title">{passages.get(id)?.title ?? ''}</span>
                    <div className="passage-text">{passages.get(id)?.text ?? <span className="text-soft">passage not in the loaded catalog</span>}</div>
                  </div>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      <div className={`answer-line tone-${verdict.tone}`} data-testid="sufficiency.verdict" data-state={verdict.state}>
        {finalAnswer && (
          <div>
            <strong>Answer</strong> at <span className="mono">{clockUtc(finalAnswer.ts)}</span>: “{finalAnswer.text}”
            {finalAnswer.cited_asset_ids?.length ? <span className="text-soft"> (cites {finalAnswer.cited_asset_ids.join(', ')})</span> : null}
          </div>
        )}
        {finalAnswer && <AnswerCheck run={run} />}
        <div><strong className="verdict-headline">{capitalize(verdict.headline)}:</strong> {verdict.reason}</div>
      </div>
    </section>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
