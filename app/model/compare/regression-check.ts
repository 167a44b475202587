import { PAIRED_METRICS, type CompareReport, type PairedMetric } from './types';

/** The significance level of the regression check. */
export const SIGNIFICANCE = 0.05;

export const isPairedMetric = (name: string): name is PairedMetric => (PAIRED_METRICS as readonly string[]).includes(name);

/** What the verdict calls the two sides and the pairs: slices paired by query, or a what-if (the logged lists and a pipeline, paired by retrieval). */
export interface ComparedNames {
  a: string;
  b: string;
  unit: 'query' | 'retrieval';
}

const AS_SLICES: ComparedNames = { a: 'A', b: 'B', unit: 'query' };

/**
 * The regression check of `report --fail-if-worse METRIC`: B is significantly worse than A
 * when p < 0.05 and the whole 95% interval of the mean delta is below 0. Returns the reason
 * in one plain sentence, or null when B is not significantly worse (no pairs included).
 */
export function significantlyWorse(report: Pick<CompareReport, 'paired'>, metric: PairedMetric, named: ComparedNames = AS_SLICES): string | null {
  const { mean_delta: mean, ci_low: low, ci_high: high, p_value: p } = report.paired[metric];
  if (mean === null || low === null || high === null || p === null) return null;
  if (!(p < SIGNIFICANCE && high < 0)) return null;
  const pairs = report.paired.pairs;
  const unit = named.unit === 'query' ? (pairs === 1 ? 'query' : 'queries') : pairs === 1 ? 'retrieval' : 'retrievals';
  return `${named.b} is significantly worse than ${named.a} on ${metric}: mean delta ${mean.toFixed(4)} over ${pairs} paired ${unit}, ` +
    `95% interval [${low.toFixed(4)}, ${high.toFixed(4)}], p = ${p < 0.001 ? p.toExponential(1) : p.toFixed(3)}`;
}
