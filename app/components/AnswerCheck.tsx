import type { ReactNode } from 'react';
import type { QuestionRunAnalysis } from '../model/drift/analyze';
import { ANSWER_RULE, ANSWER_VERDICT_TEXT } from '../model/drift/answer-check';
import './answer-check.css';

/**
 * A multi-hop question's final answer checked against its gold answer (answer-check.ts): the
 * answer when `withAnswer` (not on the response itself, which shows it), the gold answer, and
 * match / differs / no gold. Shown by the Questions screen and the session inspector alike.
 */
export function AnswerCheck({ run, withAnswer = false, labeled = true, className = 'answer-check', unanswered = null }: {
  run: QuestionRunAnalysis;
  withAnswer?: boolean;
  /** Whether the gold answer is introduced as "gold answer". */
  labeled?: boolean;
  className?: string;
  /** What to show when the run has no final answer. */
  unanswered?: ReactNode;
}) {
  const { finalAnswer, answerCheck } = run;
  if (!finalAnswer || !answerCheck) return unanswered;
  const gold = run.definition?.gold_answer ?? null;
  return (
    <div className={className} data-testid="answer.check" data-verdict={answerCheck}>
      {withAnswer && <span>answer <strong>“{finalAnswer.text ?? ''}”</strong></span>}
      {gold !== null && <span>{labeled && 'gold answer '}<strong>“{gold}”</strong></span>}
      <span className={`answer-verdict ${answerCheck}`} title={ANSWER_RULE}>{ANSWER_VERDICT_TEXT[answerCheck]}</span>
    </div>
  );
}
