import { formatCount, type FigureKind } from '../../lib/format';
import type { PairedMetric, PairedStatistic, SideBySide } from '../../model/compare/types';

export { formatDelta, type FigureKind } from '../../lib/format';

/** Which way a figure is better; counts are neither. */
export type Better = 'higher' | 'lower' | null;

export interface Figure {
  key: string;
  label: string;
  kind: FigureKind;
  better: Better;
  /** The count a side's rate is taken over: judged retrievals for the Tier 1 scores, retrievals otherwise. */
  over: 'retrievals' | 'judged' | null;
}

export const tier1Figures = (k: number): Figure[] => [
  { key: 'retrievals', label: 'retrievals', kind: 'count', better: null, over: null },
  { key: 'judged', label: 'judged', kind: 'count', better: null, over: null },
  { key: 'empty_result_rate', label: 'empty results', kind: 'rate', better: 'lower', over: 'retrievals' },
  { key: 'p_at_1', label: 'P@1', kind: 'score', better: 'higher', over: 'judged' },
  { key: 'p_at_k', label: `P@${k}`, kind: 'score', better: 'higher', over: 'judged' },
  { key: 'recall_at_k', label: `R@${k}`, kind: 'score', better: 'higher', over: 'judged' },
  { key: 'ndcg_at_k', label: `nDCG@${k}`, kind: 'score', better: 'higher', over: 'judged' },
  { key: 'mrr', label: 'MRR', kind: 'score', better: 'higher', over: 'judged' },
];

export const TIER2_FIGURES: Figure[] = [
  { key: 'retrievals', label: 'retrievals', kind: 'count', better: null, over: null },
  { key: 'gpr', label: 'GPR · genuine positive', kind: 'rate', better: 'higher', over: 'retrievals' },
  { key: 'acr', label: 'ACR · agent consumed', kind: 'rate', better: 'higher', over: 'retrievals' },
  { key: 'orf', label: 'ORF · observed failure', kind: 'rate', better: 'lower', over: 'retrievals' },
  { key: 'uor', label: 'UOR · unobserved outcome', kind: 'rate', better: 'lower', over: 'retrievals' },
];

export const pairedLabel = (metric: PairedMetric, k: number) =>
  ({ p_at_1: 'P@1', p_at_k: `P@${k}`, recall_at_k: `R@${k}`, ndcg_at_k: `nDCG@${k}`, mrr: 'MRR' })[metric];

export function formatFigure(value: number | null, kind: FigureKind): string {
  if (value === null) return '—';
  if (kind === 'count') return formatCount(value);
  if (kind === 'rate') return `${(value * 100).toFixed(1)}%`;
  return value.toFixed(3);
}

/** Whether B is better, worse or the same on a figure (null when nothing can be said). */
export function deltaTone(delta: number | null, better: Better): 'better' | 'worse' | 'same' | null {
  if (delta === null || better === null) return null;
  if (Math.abs(delta) < 1e-12) return 'same';
  return (delta > 0) === (better === 'higher') ? 'better' : 'worse';
}

export const SIGNIFICANCE = 0.05;

/** A p-value to 3 significant digits; below 0.0001 as a bound. */
export function formatP(p: number | null): string {
  if (p === null) return '—';
  return p < 0.0001 ? '< 0.0001' : String(Number(p.toPrecision(3)));
}

/** The plain reading of one paired metric (higher is better for every paired metric). */
export function pairedReading(statistic: PairedStatistic): { text: string; tone: 'better' | 'worse' | 'same' | null } {
  const { mean_delta: mean, p_value: p } = statistic;
  if (mean === null || p === null) return { text: 'no paired query', tone: null };
  if (p < SIGNIFICANCE && mean > 0) return { text: 'B better, significant at p < 0.05', tone: 'better' };
  if (p < SIGNIFICANCE && mean < 0) return { text: 'B worse, significant at p < 0.05', tone: 'worse' };
  return { text: 'no significant difference', tone: 'same' };
}

export const sideCount = (figures: Record<string, SideBySide>, over: Figure['over'], side: 'a' | 'b') =>
  over === null ? null : (figures[over]?.[side] ?? null);
