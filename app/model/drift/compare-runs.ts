import type { DriftAnalysis, QuestionRunAnalysis } from './analyze';
import type { GoldStatus } from './evidence';

export interface GoldInTwoRuns {
  assetId: string;
  /** Null when that run did not work on the question. */
  a: GoldStatus | null;
  b: GoldStatus | null;
}

/** One question in two runs: which gold passages each found. */
export interface RunComparisonRow {
  questionId: string;
  text: string | null;
  a: QuestionRunAnalysis | null;
  b: QuestionRunAnalysis | null;
  gold: GoldInTwoRuns[];
  foundOnlyByA: string[];
  foundOnlyByB: string[];
}

/**
 * Per question, the gold passages each run found. Questions where one run found evidence the
 * other missed come first. Deliberately no totals across questions: see the screen's note.
 */
export function compareRuns(analysis: DriftAnalysis, runA: string | null, runB: string | null): RunComparisonRow[] {
  const questionIds = [...new Set(analysis.questionRuns.filter((r) => r.runId === runA || r.runId === runB).map((r) => r.questionId))];
  const rows = questionIds.map((questionId): RunComparisonRow => {
    const a = analysis.questionRuns.find((r) => r.questionId === questionId && r.runId === runA) ?? null;
    const b = analysis.questionRuns.find((r) => r.questionId === questionId && r.runId === runB) ?? null;
    const goldIds = [...new Set([...(a?.goldIds ?? []), ...(b?.goldIds ?? [])])];
    const statusIn = (run: QuestionRunAnalysis | null, id: string) => (run ? run.gold.find((g) => g.assetId === id)?.status ?? null : null);
    const gold = goldIds.map((assetId) => ({ assetId, a: statusIn(a, assetId), b: statusIn(b, assetId) }));
    return {
      questionId,
      text: (a ?? b)?.definition?.text ?? null,
      a, b, gold,
      foundOnlyByA: gold.filter((g) => g.a === 'found' && b && g.b !== 'found').map((g) => g.assetId),
      foundOnlyByB: gold.filter((g) => g.b === 'found' && a && g.a !== 'found').map((g) => g.assetId),
    };
  });
  const differs = (row: RunComparisonRow) => (row.foundOnlyByA.length || row.foundOnlyByB.length ? 0 : 1);
  return rows.sort((x, y) => differs(x) - differs(y) || x.questionId.localeCompare(y.questionId));
}

/** The two runs compared by default: baseline and registry when both are loaded, else the first two. */
export function defaultComparedRuns(runIds: readonly (string | null)[]): [string | null, string | null] | null {
  if (runIds.length < 2) return null;
  if (runIds.includes('baseline') && runIds.includes('registry')) return ['baseline', 'registry'];
  return [runIds[0], runIds[1]];
}
