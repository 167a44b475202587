import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { ANSWER_RULE, ANSWER_VERDICT_TEXT } from '../../model/drift/answer-check';

/**
 * A multi-hop question's final answer beside its gold answer, and whether they match
 * (answer-check.ts). On the response itself the answer is already shown: `withAnswer` false.
 */
export function AnswerVsGold({ run, withAnswer = true }: { run: QuestionRunAnalysis; withAnswer?: boolean }) {
  const { finalAnswer, answerCheck } = run;
  const gold = run.definition?.gold_answer ?? null;
  if (!finalAnswer || !answerCheck) return <div className="answer-vs-gold text-soft">Not answered in this run.</div>;
  return (
    <div className="answer-vs-gold" data-testid="answer.check" data-verdict={answerCheck}>
      {withAnswer && <span>answer <strong>“{finalAnswer.text ?? ''}”</strong></span>}
      {gold !== null && <span>gold answer <strong>“{gold}”</strong></span>}
      <span className={`answer-verdict ${answerCheck}`} title={ANSWER_RULE}>{ANSWER_VERDICT_TEXT[answerCheck]}</span>
    </div>
  );
}
