import type { LabelKind } from '../../schema/given-label';
import type { CorrectedReport } from '../metrics/judge-corrected';
import { groupBy } from '../drift/question-run-key';
import type { ConfusionMatrix } from './agreement';
import { CohenTally } from './kappa';

/**
 * Judges against humans (docs/metrics.md, "Judges and humans"), from the confusion cells the SQL
 * counts (engine/sql/annotation/judge-agreement.ts): per non-human annotator and label kind, the
 * items it shares with the human consensus, Cohen's κ on them, for relevance also κ on
 * relevant / not relevant (grade ≥ 1), the confusion table, and the same per retrieval role.
 */
export interface JudgeConfusionRow {
  annotator: string;
  annotator_kind: string;
  /** The retrieval's role for a relevance label of a retrieval; null otherwise. */
  role: string | null;
  judge_value: string;
  human_value: string;
  items: number;
}

export interface JudgeCell {
  judge: string;
  human: string;
  items: number;
}

export interface JudgeAgreementFigures {
  items: number;
  kappa: number | null;
  /** Relevance only. */
  kappa_binary?: number | null;
}

export interface JudgeKindAgreement extends JudgeAgreementFigures {
  confusion: JudgeCell[];
  /** Relevance only: the same figures per retrieval role (labels given by query have none). */
  byRole: Record<string, JudgeAgreementFigures>;
}

export interface JudgeAgreement {
  annotator: string;
  annotatorKind: string;
  kinds: Partial<Record<LabelKind, JudgeKindAgreement>>;
}

const isRelevant = (grade: string) => Number(grade) >= 1;

function figuresOf(cells: readonly JudgeCell[], kind: LabelKind): JudgeAgreementFigures {
  const exact = new CohenTally();
  const binary = new CohenTally();
  for (const { judge, human, items } of cells) {
    exact.add(judge, human, items);
    binary.add(String(isRelevant(judge)), String(isRelevant(human)), items);
  }
  const figures: JudgeAgreementFigures = { items: exact.items, kappa: exact.kappa() };
  if (kind === 'relevance') figures.kappa_binary = binary.kappa();
  return figures;
}

/** Cells of the same (judge, human) values added together, in value order. */
function mergedCells(rows: readonly JudgeConfusionRow[]): JudgeCell[] {
  const cells = new Map<string, JudgeCell>();
  for (const row of rows) {
    const key = `${row.judge_value}\u0000${row.human_value}`;
    const cell = cells.get(key) ?? { judge: row.judge_value, human: row.human_value, items: 0 };
    cell.items += Number(row.items);
    cells.set(key, cell);
  }
  return [...cells.values()].sort((a, b) => (a.judge === b.judge ? (a.human < b.human ? -1 : 1) : a.judge < b.judge ? -1 : 1));
}

/** An item where the judge's value differs from the human consensus (item keys: item-key.ts). */
export interface JudgeDisagreement {
  item: string;
  judge_value: string;
  human_value: string;
  role: string | null;
}

/** A judge's confusion cells as a square table over the values either side used (rows: the judge, columns: the humans). */
export function judgeConfusionMatrix(cells: readonly JudgeCell[]): ConfusionMatrix {
  const values = [...new Set(cells.flatMap((cell) => [cell.judge, cell.human]))].sort();
  const counts = values.map(() => values.map(() => 0));
  for (const cell of cells) counts[values.indexOf(cell.judge)][values.indexOf(cell.human)] += cell.items;
  return { values, counts, items: cells.reduce((sum, cell) => sum + cell.items, 0) };
}

/** A judge and a kind of label it gave. */
export interface JudgeLabelKind {
  annotator: string;
  annotator_kind: string;
  kind: string;
}

const NO_OVERLAP = { items: 0, kappa: null, confusion: [], byRole: {} };

/**
 * Every judge (`judges`), by annotator then kind of annotator, with its agreement per label kind
 * it gave: from the kinds' confusion rows, or none (0 items) when no human labeled its items.
 */
export function judgeAgreements(judgeKinds: readonly JudgeLabelKind[], rowsByKind: Partial<Record<LabelKind, readonly JudgeConfusionRow[]>>): JudgeAgreement[] {
  const judges = new Map<string, JudgeAgreement>();
  for (const { annotator, annotator_kind: annotatorKind, kind } of judgeKinds) {
    const key = `${annotator}\u0000${annotatorKind}`;
    const judge = judges.get(key) ?? { annotator, annotatorKind, kinds: {} };
    if (kind in (rowsByKind as object)) judge.kinds[kind as LabelKind] = kind === 'relevance' ? { ...NO_OVERLAP, kappa_binary: null } : { ...NO_OVERLAP };
    judges.set(key, judge);
  }
  for (const [kind, rows] of Object.entries(rowsByKind) as [LabelKind, JudgeConfusionRow[]][]) {
    const byJudge = groupBy(rows, (row) => `${row.annotator}\u0000${row.annotator_kind}`);
    for (const [key, judgeRows] of byJudge) {
      const judge = judges.get(key) ?? { annotator: judgeRows[0].annotator, annotatorKind: judgeRows[0].annotator_kind, kinds: {} };
      const byRole: Record<string, JudgeAgreementFigures> = {};
      for (const [role, roleRows] of groupBy(judgeRows.filter((row) => row.role !== null), (row) => row.role!)) {
        byRole[role] = figuresOf(mergedCells(roleRows), kind);
      }
      const confusion = mergedCells(judgeRows);
      judge.kinds[kind] = { ...figuresOf(confusion, kind), confusion, byRole };
      judges.set(key, judge);
    }
  }
  return [...judges.values()].sort((a, b) => (a.annotator === b.annotator ? (a.annotatorKind < b.annotatorKind ? -1 : 1) : a.annotator < b.annotator ? -1 : 1));
}

/** The report's `judges` entry of one annotator: its figures per label kind and its corrected Tier 1. */
export type JudgeReportEntry = Partial<Record<LabelKind, JudgeAgreementFigures>> & { corrected: CorrectedReport };

/** The report's `judges` key (docs/metrics.md, "The report"): one entry per annotator (kinds of annotator merged by name). */
export function judgesReport(judges: readonly JudgeAgreement[], corrected: ReadonlyMap<string, CorrectedReport>): Record<string, JudgeReportEntry> {
  const report: Record<string, JudgeReportEntry> = {};
  for (const judge of judges) {
    const entry: JudgeReportEntry = report[judge.annotator] ?? { corrected: corrected.get(judge.annotator) ?? {} };
    for (const [kind, agreement] of Object.entries(judge.kinds) as [LabelKind, JudgeKindAgreement][]) {
      const { items, kappa, kappa_binary: kappaBinary } = agreement;
      entry[kind] = kind === 'relevance' ? { items, kappa, kappa_binary: kappaBinary ?? null } : { items, kappa };
    }
    report[judge.annotator] = entry;
  }
  return report;
}
