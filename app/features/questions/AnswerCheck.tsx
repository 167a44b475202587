import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { ANSWER_RULE, ANSWER_VERDICT_TEXT } from '../../model/drift/answer-check';
import './evidence-check.css';

/** The final answer's check against the gold answer (answer-check.ts): the gold answer and match / differs / no gold. */
export function AnswerCheck({ run, labeled = true }: { run: QuestionRunAnalysis; labeled?: boolean }) {
  if (!run.answerCheck) return null;
  const gold = run.definition?.gold_answer ?? null;
  return (
    <div className="answer-check" data-testid="answer.check" data-verdict={run.answerCheck}>
      {gold !== null && <span>{labeled && 'gold answer '}<strong>“{gold}”</strong></span>}
      <span className={`answer-verdict ${run.answerCheck}`} title={ANSWER_RULE}>{ANSWER_VERDICT_TEXT[run.answerCheck]}</span>
    </div>
  );
}
