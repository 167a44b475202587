import type { QuestionRunAnalysis } from './analyze';
import type { ResolvedEvidence } from './evidence';

/**
 * What a screen shows for the sufficiency check before an answer. The `insufficient_evidence`
 * flag is docs/metrics.md's rule, unchanged (evidence.ts); on top of it the display never shows green
 * over evidence or an answer known to be wrong: a passage is marked gold / not gold when gold is
 * known, and an answer that differs from the gold answer turns the check into a warning.
 */

export type VerdictTone = 'good' | 'warn' | 'bad' | 'neutral';

/** One resolved sub-question's evidence against the gold passages. */
export type EvidenceVerdict = 'gold' | 'partly_gold' | 'not_gold' | 'no_evidence' | 'unchecked';

export const EVIDENCE_VERDICTS: Record<EvidenceVerdict, { mark: string; label: string; tone: VerdictTone }> = {
  gold: { mark: '✓', label: 'all of its evidence is gold', tone: 'good' },
  partly_gold: { mark: '!', label: 'part of its evidence is not gold', tone: 'warn' },
  not_gold: { mark: '!', label: 'evidence, none of it gold', tone: 'warn' },
  no_evidence: { mark: '✗', label: 'no evidence passage', tone: 'bad' },
  unchecked: { mark: '?', label: 'evidence (no gold known to check it against)', tone: 'neutral' },
};

export function evidenceVerdict(item: ResolvedEvidence, goldKnown: boolean): EvidenceVerdict {
  if (item.evidenceIds.length === 0) return 'no_evidence';
  if (!goldKnown) return 'unchecked';
  const gold = new Set(item.goldIds);
  const goldCount = item.evidenceIds.filter((id) => gold.has(id)).length;
  return goldCount === item.evidenceIds.length ? 'gold' : goldCount > 0 ? 'partly_gold' : 'not_gold';
}

export type SufficiencyState = 'unanswered' | 'insufficient' | 'answer_differs' | 'passes' | 'passes_unchecked';

export interface SufficiencyVerdict {
  state: SufficiencyState;
  tone: VerdictTone;
  /** A few words: "passes", "answer differs from gold". */
  headline: string;
  /** One sentence saying why. */
  reason: string;
}

const quote = (text: string | null | undefined) => `“${text ?? ''}”`;

/**
 * Green (`passes`) only when every rule of `insufficient_evidence` passes, gold passages are
 * known (so some resolved evidence is gold), and the final answer does not differ from the gold
 * answer. Without gold passages the check cannot be green (`passes_unchecked`).
 */
export function sufficiencyVerdict(run: QuestionRunAnalysis): SufficiencyVerdict {
  const { sufficiency, finalAnswer, answerCheck } = run;
  if (!finalAnswer) {
    return { state: 'unanswered', tone: 'neutral', headline: 'not answered', reason: 'No response names this question in this run.' };
  }
  if (sufficiency.insufficientBecause) {
    return { state: 'insufficient', tone: 'bad', headline: 'insufficient evidence', reason: `The question was ${sufficiency.insufficientBecause}.` };
  }
  const evidence = run.goldIds ? 'every resolved sub-question has evidence, and some of it is gold' : 'every resolved sub-question has evidence';
  if (answerCheck === 'differs') {
    return {
      state: 'answer_differs', tone: 'warn', headline: 'answer differs from gold',
      reason: `The answer ${quote(finalAnswer.text)} differs from the gold answer ${quote(run.definition?.gold_answer)}, although ${evidence}.`,
    };
  }
  if (!run.goldIds) {
    return { state: 'passes_unchecked', tone: 'neutral', headline: 'no gold evidence to check', reason: `${capitalize(evidence)}; no gold passages are known to check it against.` };
  }
  const answer = answerCheck === 'match' ? '; the answer matches the gold answer' : '';
  return { state: 'passes', tone: 'good', headline: 'passes', reason: `${capitalize(evidence)}${answer}.` };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
