import { PAIRED_METRICS, type CompareReport, type PairedMetric } from './types';

/** The significance level of the regression check. */
export const SIGNIFICANCE = 0.05;

export const isPairedMetric = (name: string): name is PairedMetric => (PAIRED_METRICS as readonly string[]).includes(name);

/**
 * The regression check of `report --fail-if-worse METRIC`: B is significantly worse than A
 * when p < 0.05 and the whole 95% interval of the mean delta is below 0. Returns the reason
 * in one plain sentence, or null when B is not significantly worse (no pairs included).
 */
export function significantlyWorse(report: CompareReport, metric: PairedMetric): string | null {
  const { mean_delta: mean, ci_low: low, ci_high: high, p_value: p } = report.paired[metric];
  if (mean === null || low === null || high === null || p === null) return null;
  if (!(p < SIGNIFICANCE && high < 0)) return null;
  const pairs = report.paired.pairs;
  return `B is significantly worse than A on ${metric}: mean delta ${mean.toFixed(4)} over ${pairs} paired ${pairs === 1 ? 'query' : 'queries'}, ` +
    `95% interval [${low.toFixed(4)}, ${high.toFixed(4)}], p = ${p < 0.001 ? p.toExponential(1) : p.toFixed(3)}`;
}
