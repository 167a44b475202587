/**
 * Does a multi-hop question's final answer match its `gold_answer`? One rule for every screen
 * that shows it (the session inspector and the Questions screen). A display check, not a drift
 * flag: the report's counts do not depend on it.
 */

export type AnswerVerdict = 'match' | 'differs' | 'no_gold';

export const ANSWER_VERDICT_TEXT: Record<AnswerVerdict, string> = {
  match: 'matches gold',
  differs: 'differs from gold',
  no_gold: 'no gold answer',
};

export const ANSWER_RULE =
  'Both sides lower-cased (Unicode NFKC), without punctuation or the articles a, an, the: a match when they are equal or the gold answer appears as whole words in the answer.';

const PUNCTUATION = /\p{P}+/gu;
const ARTICLE = /^(?:a|an|the)$/;

/** The comparison form: NFKC, lower case, punctuation as spaces, no articles, single spaces. */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(PUNCTUATION, ' ')
    .split(/\s+/u)
    .filter((word) => word !== '' && !ARTICLE.test(word))
    .join(' ');
}

/**
 * `match` when the normalized answer equals the normalized gold or holds it as a whole-word
 * phrase ("the Grey Quay works in Port Alder" matches gold "Grey Quay works"); `no_gold` when
 * the gold answer is absent (or nothing is left of it once normalized); else `differs`.
 */
export function checkAnswer(answer: string | null, gold: string | null): AnswerVerdict {
  const goldForm = gold === null ? '' : normalizeAnswer(gold);
  if (goldForm === '') return 'no_gold';
  const answerForm = answer === null ? '' : normalizeAnswer(answer);
  return answerForm === goldForm || ` ${answerForm} `.includes(` ${goldForm} `) ? 'match' : 'differs';
}
