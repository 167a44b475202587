import type { DriftFlag } from './flags';
import { runLabel } from './format-time';
import type { SubquestionHistory } from './registry';
import type { GoldReturnRow, QuestionResponseRow } from './rows';

export type GoldStatus = 'found' | 'not_asked' | 'unreachable';

/** One gold passage of a question-run: found by this run, or missing (not asked / unreachable so far). */
export interface GoldAssessment {
  assetId: string;
  status: GoldStatus;
  /** This run's retrievals of the question that returned it. */
  foundBy: GoldReturnRow[];
  /** Every other retrieval in the loaded logs that returned it: the same question in other runs first. */
  returnedElsewhere: GoldReturnRow[];
}

const sameRun = (a: string | null, b: string | null) => a === b;

export function assessGold(
  questionId: string, runId: string | null, goldIds: readonly string[], returnsByAsset: ReadonlyMap<string, GoldReturnRow[]>,
): GoldAssessment[] {
  return [...new Set(goldIds)].map((assetId) => {
    const returns = returnsByAsset.get(assetId) ?? [];
    const ofThisRun = (r: GoldReturnRow) => r.question_id === questionId && sameRun(r.run_id, runId);
    const foundBy = returns.filter(ofThisRun);
    const elsewhere = returns.filter((r) => !ofThisRun(r));
    const sameQuestionFirst = (r: GoldReturnRow) => (r.question_id === questionId ? 0 : 1);
    const returnedElsewhere = [...elsewhere].sort((a, b) => sameQuestionFirst(a) - sameQuestionFirst(b) || a.ts - b.ts);
    const status: GoldStatus = foundBy.length ? 'found' : returnedElsewhere.length ? 'not_asked' : 'unreachable';
    return { assetId, status, foundBy, returnedElsewhere };
  });
}

export const describeReturn = (r: GoldReturnRow) =>
  `${r.retrieval_id} (rank ${r.rank}, ${r.question_id ? `question ${r.question_id}, ` : ''}run ${runLabel(r.run_id)}, session ${r.session_id ?? '—'})`;

export function goldFlags(gold: readonly GoldAssessment[], questionId: string, runId: string | null, sessionId: string | null): DriftFlag[] {
  return gold
    .filter((g) => g.status !== 'found')
    .map((g) => {
      const base = { session_id: sessionId, question_id: questionId, run_id: runId, asset_id: g.assetId };
      if (g.status === 'unreachable') {
        return { kind: 'unreachable' as const, ...base, detail: `Gold passage ${g.assetId} was returned by no retrieval in the loaded logs.` };
      }
      const where = g.returnedElsewhere[0];
      const more = g.returnedElsewhere.length > 1 ? ` and ${g.returnedElsewhere.length - 1} more` : '';
      return { kind: 'not_asked' as const, ...base, detail: `Gold passage ${g.assetId} was not returned in this run, but ${describeReturn(where)}${more} returned it.` };
    });
}

/** The sufficiency check before the answer: each sub-question whose last state is resolved, with its evidence. */
export interface ResolvedEvidence {
  subquestionId: string;
  text: string | null;
  note: string | null;
  evidenceIds: string[];
  goldIds: string[];
}

export interface SufficiencyCheck {
  resolved: ResolvedEvidence[];
  answered: boolean;
  /** Why the answer lacked sufficient evidence; null when it did not (or there was no answer). */
  insufficientBecause: string | null;
}

export function checkSufficiency(
  histories: readonly SubquestionHistory[], responses: readonly QuestionResponseRow[], goldIds: readonly string[] | null,
): SufficiencyCheck {
  const gold = new Set(goldIds ?? []);
  const resolved = histories
    .filter((h) => h.lastStatus === 'resolved')
    .map((h) => {
      const last = h.states[h.states.length - 1];
      const evidenceIds = last.evidence_ids ?? [];
      return { subquestionId: h.subquestionId, text: h.text, note: last.note, evidenceIds, goldIds: evidenceIds.filter((id) => gold.has(id)) };
    });
  const answered = responses.length > 0;
  let insufficientBecause: string | null = null;
  if (answered) {
    const bare = resolved.filter((r) => r.evidenceIds.length === 0).map((r) => r.subquestionId);
    if (bare.length) insufficientBecause = `answered while ${bare.join(', ')} ${bare.length > 1 ? 'were' : 'was'} resolved without evidence_ids`;
    else if (gold.size && !resolved.some((r) => r.goldIds.length)) {
      const cited = [...new Set(resolved.flatMap((r) => r.evidenceIds))];
      insufficientBecause = cited.length
        ? `answered on evidence ${cited.join(', ')}, none of it gold (${[...gold].join(', ')})`
        : `answered with no resolved sub-question, so no gold passage (${[...gold].join(', ')}) supports it`;
    }
  }
  return { resolved, answered, insufficientBecause };
}
