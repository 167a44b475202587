import { Link } from '../../components/Link';
import { pluralize } from '../../lib/format';
import { questionAnchors, questionsUrl } from '../../links/questions';
import { sessionsUrl } from '../../links/sessions';
import type { SessionDrift, SessionQuestionRun } from '../../model/drift/flag-placement';
import { runLabel } from '../../model/drift/format-time';
import { EVIDENCE_VERDICTS, evidenceVerdict, sufficiencyVerdict } from '../../model/drift/sufficiency-verdict';
import { AnswerCheck } from '../../components/AnswerCheck';
import { DriftMarks } from './DriftMarks';
import './session-drift.css';

/** Each resolved sub-question's evidence passages, each marked gold or not gold when gold is known. */
function EvidenceLine({ run }: { run: SessionQuestionRun['run'] }) {
  const goldKnown = run.goldIds !== null;
  const gold = new Set(run.goldIds ?? []);
  if (run.sufficiency.resolved.length === 0) return <div className="evidence-line text-soft">No sub-question ended resolved.</div>;
  return (
    <ul className="evidence-line" aria-label="Evidence of the resolved sub-questions">
      {run.sufficiency.resolved.map((item) => {
        const verdict = evidenceVerdict(item, goldKnown);
        return (
          <li key={item.subquestionId} className={`tone-text-${EVIDENCE_VERDICTS[verdict].tone}`} title={EVIDENCE_VERDICTS[verdict].label}>
            <span className="mono">{item.subquestionId}</span>:{' '}
            {item.evidenceIds.length === 0 && <span className="evidence-id none">no evidence</span>}
            {item.evidenceIds.map((id) => (
              <span key={id} className={`evidence-id${goldKnown ? (gold.has(id) ? ' gold' : ' not-gold') : ''}`} data-evidence={id}>
                <span className="mono">{id}</span>{goldKnown && (gold.has(id) ? ' gold' : ' not gold')}
              </span>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

function QuestionRunBlock({ item, sessionId }: { item: SessionQuestionRun; sessionId: string }) {
  const { run, placed, unplaced, answeredHere } = item;
  const verdict = sufficiencyVerdict(run);
  const view = { question: run.questionId, run: run.runId };
  const answeredElsewhere = run.finalAnswer && !answeredHere ? run.finalAnswer.session_id : null;
  return (
    <article className="question-run" aria-label={`Question ${run.questionId} in run ${runLabel(run.runId)}`} data-question={run.questionId}>
      <div className="question-run-head">
        <strong className="mono">{run.questionId}</strong>
        <span className="text-soft">run <span className="mono">{runLabel(run.runId)}</span></span>
        <span className="question-run-text">{run.definition?.text ?? 'no question event defines it'}</span>
        <Link href={questionsUrl.href(view)} className="drift-link">registry timeline →</Link>
      </div>
      <AnswerCheck run={run} withAnswer className="answer-vs-gold" unanswered={<div className="answer-vs-gold text-soft">Not answered in this run.</div>} />
      {answeredElsewhere && answeredElsewhere !== sessionId && (
        <div className="text-soft">Answered in <Link href={sessionsUrl.href({ session: answeredElsewhere })} className="mono">{answeredElsewhere}</Link>.</div>
      )}
      <div className={`sufficiency-line tone-${verdict.tone}`} data-testid="sufficiency.verdict" data-state={verdict.state}>
        <strong>Sufficiency check: {verdict.headline}.</strong> {verdict.reason}{' '}
        <Link href={questionsUrl.href(view, { hash: questionAnchors.sufficiency })} className="drift-link">checklist →</Link>
      </div>
      <EvidenceLine run={run} />
      <div className="text-soft">{placed.length ? `${pluralize(placed.length, 'drift flag')} on the events below.` : 'No drift flag on the events below.'}</div>
      {unplaced.length > 0 && <div className="text-soft">No answer to show {unplaced.length === 1 ? 'this flag' : 'these flags'} on:</div>}
      <DriftMarks flags={unplaced} label={`Drift flags of ${run.questionId} with no event`} />
    </article>
  );
}

/** The multi-hop questions the session worked on: answer against gold, the sufficiency check, flags no event carries. */
export function SessionQuestions({ drift, sessionId }: { drift: SessionDrift | null; sessionId: string }) {
  if (!drift?.questionRuns.length) return null;
  return (
    <section className="session-questions" aria-label="Multi-hop questions in this session">
      {drift.questionRuns.map((item) => <QuestionRunBlock key={item.run.key} item={item} sessionId={sessionId} />)}
    </section>
  );
}
