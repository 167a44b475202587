import { describe, expect, it } from 'vitest';
import { analyzeDrift } from './analyze';
import { evidenceVerdict, sufficiencyVerdict } from './sufficiency-verdict';
import { driftInputs, question, response, state } from './test-inputs';

interface Case {
  goldIds: string[] | null;
  goldAnswer: string | null;
  /** Evidence of each resolved sub-question; null: resolved on a note alone. */
  evidence: (string[] | null)[];
  answer: string | null;
}

/** One question-run: each sub-question pending → active → resolved with its evidence, then the answer (none when null). */
function runOf({ goldIds, goldAnswer, evidence, answer }: Case) {
  let seq = 0;
  const states = evidence.flatMap((ids, i) => [
    state({ question: 'q', session: 's', seq: ++seq, ts: 0, sub: `s${i}`, status: 'active' }),
    state({ question: 'q', session: 's', seq: ++seq, ts: 10, sub: `s${i}`, status: 'resolved', evidence_ids: ids, note: 'noted' }),
  ]);
  const responses = answer === null ? [] : [response({ question: 'q', session: 's', seq: ++seq, ts: 20, text: answer })];
  const inputs = driftInputs({ questions: [question('q', { gold_answer: goldAnswer, gold_evidence_ids: goldIds })], states, retrievals: [], responses });
  return analyzeDrift(inputs).questionRuns[0];
}

describe('the sufficiency check as shown', () => {
  it.each<[string, Case, string, string]>([
    ['some evidence gold, answer matches: green', { goldIds: ['g1'], goldAnswer: 'Clara Hartwell', evidence: [['g1'], ['x']], answer: 'Clara Hartwell' }, 'passes', 'good'],
    // docs/metrics.md's insufficient_evidence does not fire (g1 is gold), yet the answer is wrong: never green
    ['some evidence gold, answer differs: a warning', { goldIds: ['g1'], goldAnswer: 'Clara Hartwell', evidence: [['g1'], ['x']], answer: 'Daniel Okafor' }, 'answer_differs', 'warn'],
    ['no resolved evidence is gold: insufficient', { goldIds: ['g1'], goldAnswer: 'Clara Hartwell', evidence: [['x']], answer: 'Clara Hartwell' }, 'insufficient', 'bad'],
    ['a resolution on a note alone: insufficient', { goldIds: ['g1'], goldAnswer: null, evidence: [['g1'], null], answer: 'anything' }, 'insufficient', 'bad'],
    ['no gold passages known: not green', { goldIds: null, goldAnswer: 'Clara Hartwell', evidence: [['x']], answer: 'Clara Hartwell' }, 'passes_unchecked', 'neutral'],
    ['no gold passages known, answer differs', { goldIds: null, goldAnswer: 'Clara Hartwell', evidence: [['x']], answer: 'Edmund Vale' }, 'answer_differs', 'warn'],
    ['gold evidence and no gold answer: green', { goldIds: ['g1'], goldAnswer: null, evidence: [['g1']], answer: 'whatever' }, 'passes', 'good'],
    ['not answered', { goldIds: ['g1'], goldAnswer: 'Clara Hartwell', evidence: [['g1']], answer: null }, 'unanswered', 'neutral'],
  ])('%s', (_name, spec, state, tone) => {
    const verdict = sufficiencyVerdict(runOf(spec));
    expect([verdict.state, verdict.tone]).toEqual([state, tone]);
  });

  it('says why, with the answer and the gold answer when they differ', () => {
    const verdict = sufficiencyVerdict(runOf({ goldIds: ['g1'], goldAnswer: 'Clara Hartwell', evidence: [['g1'], ['x']], answer: 'Daniel Okafor' }));
    expect(verdict.reason).toBe('The answer “Daniel Okafor” differs from the gold answer “Clara Hartwell”, although every resolved sub-question has evidence, and some of it is gold.');
  });

  it('marks each resolved sub-question’s evidence gold, partly gold or not gold', () => {
    const run = runOf({ goldIds: ['g1', 'g2'], goldAnswer: null, evidence: [['g1', 'g2'], ['g1', 'x'], ['x'], []], answer: 'a' });
    expect(run.sufficiency.resolved.map((item) => evidenceVerdict(item, true))).toEqual(['gold', 'partly_gold', 'not_gold', 'no_evidence']);
    expect(evidenceVerdict(run.sufficiency.resolved[2], false)).toBe('unchecked');
  });
});
