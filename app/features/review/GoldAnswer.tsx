import { ANSWER_RULE, ANSWER_VERDICT_TEXT, checkAnswer } from '../../model/drift/answer-check';
import type { ReviewResponseRow } from '../../model/annotation/review-item';
import '../../components/answer-check.css';

/**
 * The gold answer beside a reviewed answer: a multi-hop answer's question (`question_id`) has one
 * when its `question` event gives `gold_answer`; then the answer is checked against it by the rule
 * the Questions screen and the session inspector use. Otherwise it says that none exists, and why.
 */
export function GoldAnswer({ response }: { response: ReviewResponseRow }) {
  const { question_id: questionId, gold_answer: gold } = response;
  if (gold === null) {
    const why = questionId === null
      ? 'it answers no multi-hop question (the response has no question_id), and gold answers belong to questions'
      : response.question_text === null
        ? `its question ${questionId} has no question event in these logs`
        : `its question ${questionId} gives no gold_answer`;
    return (
      <section className="review-block" aria-label="Gold answer" data-testid="review.gold" data-gold="none">
        <h3>Gold answer</h3>
        <p className="text-soft review-no-gold">No gold answer for this answer: {why}.</p>
      </section>
    );
  }
  const verdict = checkAnswer(response.text, gold);
  return (
    <section className="review-block" aria-label="Gold answer" data-testid="review.gold" data-gold="present" data-verdict={verdict}>
      <h3>Gold answer</h3>
      <div className="answer-check">
        <p className="review-gold-text">{gold}</p>
        <span className={`answer-verdict ${verdict}`} title={ANSWER_RULE}>answer {ANSWER_VERDICT_TEXT[verdict]}</span>
      </div>
      <p className="text-soft review-gold-question">
        from question <span className="mono">{questionId}</span>{response.question_text && <>: “{response.question_text}”</>}
      </p>
    </section>
  );
}
