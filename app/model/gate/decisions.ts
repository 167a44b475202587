/** Gate decisions by ISO week and category (docs/metrics.md, Gate), shaped for the gate screen. */
export const GATE_DECISIONS = ['answer', 'clarify', 'handoff'] as const;
export type GateDecision = (typeof GATE_DECISIONS)[number];

export interface GateDecisionBreakdownRow {
  week: string;
  category: string | null;
  decision: string;
  n: number;
}

export interface DecisionCounts {
  total: number;
  answer: number;
  clarify: number;
  handoff: number;
  /** Share of each decision in `total`; null when total is 0. */
  rates: Record<GateDecision, number | null>;
}

export interface DecisionSummary {
  overall: DecisionCounts;
  /** Sorted by name; gates without a category are listed under "(none)". */
  byCategory: Record<string, DecisionCounts>;
  byWeek: ({ week: string } & DecisionCounts)[];
  /** One point per week: `category → handoff rate` (null when the category had no gate that week). */
  handoffRateByWeek: ({ week: string } & Record<string, number | string | null>)[];
  /** week → category → handoff decisions: the counts behind `handoffRateByWeek`'s points. */
  handoffCountByWeek: Record<string, Record<string, number>>;
  categories: string[];
}

export const NO_CATEGORY = '(none)';

function countDecisions(rows: GateDecisionBreakdownRow[]): DecisionCounts {
  const count = (decision: string) => rows.filter((row) => row.decision === decision).reduce((sum, row) => sum + row.n, 0);
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  const [answer, clarify, handoff] = GATE_DECISIONS.map(count);
  const share = (n: number) => (total === 0 ? null : n / total);
  return { total, answer, clarify, handoff, rates: { answer: share(answer), clarify: share(clarify), handoff: share(handoff) } };
}

const groupBy = <K extends string>(rows: GateDecisionBreakdownRow[], key: (row: GateDecisionBreakdownRow) => K) => {
  const groups = new Map<K, GateDecisionBreakdownRow[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
};

/** `total` counts every decision; decisions other than the three are in `total` only. */
export function summarizeDecisions(rows: GateDecisionBreakdownRow[]): DecisionSummary {
  const categoryOf = (row: GateDecisionBreakdownRow) => row.category ?? NO_CATEGORY;
  const byCategory = Object.fromEntries([...groupBy(rows, categoryOf)].map(([category, group]) => [category, countDecisions(group)]));
  const weeks = groupBy(rows, (row) => row.week);
  const categories = Object.keys(byCategory);
  return {
    overall: countDecisions(rows),
    byCategory,
    byWeek: [...weeks].map(([week, group]) => ({ week, ...countDecisions(group) })),
    handoffRateByWeek: [...weeks].map(([week, group]) => ({
      week,
      ...Object.fromEntries(categories.map((category) => [category, countDecisions(group.filter((row) => categoryOf(row) === category)).rates.handoff])),
    })),
    handoffCountByWeek: Object.fromEntries([...weeks].map(([week, group]) => [
      week,
      Object.fromEntries(categories.map((category) => [category, countDecisions(group.filter((row) => categoryOf(row) === category)).handoff])),
    ])),
    categories,
  };
}
