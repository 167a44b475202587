import { setOwn } from '../../schema/own-keys';
import type { MatrixReport, Tier1Report, Tier1RoleReport, Tier2Rates, Tier2Report } from '../metrics/report';
import { pairedStatistics } from './paired-statistics';
import { comparisonBounds } from './settled';
import type { Pairing } from './pairing';
import type { SliceFilters } from './slice';
import { PAIRED_METRICS, type CompareResult, type PairedMetric, type PairedStatistic, type SideBySide } from './types';

/** The top-level figures compared side by side (docs/metrics.md, "The report": `compare.tier1`, `compare.tier2`). */
export const TIER1_FIGURES = ['retrievals', 'empty_result_rate', 'judged', 'p_at_1', 'p_at_k', 'recall_at_k', 'ndcg_at_k', 'mrr'] as const;
export const TIER2_FIGURES = ['retrievals', 'gpr', 'acr', 'orf', 'uor'] as const;
/** Per role: the figures a role has in the report's `by_role`. */
export const TIER1_ROLE_FIGURES = ['retrievals', 'judged', 'p_at_1', 'p_at_k', 'recall_at_k', 'ndcg_at_k', 'mrr'] as const;
export const TIER2_ROLE_FIGURES = TIER2_FIGURES;

/** delta = b − a, null when either side is null. */
export function sideBySide(a: number | null, b: number | null): SideBySide {
  return { a, b, delta: a === null || b === null ? null : b - a };
}

function compareFigures<T>(names: readonly (keyof T & string)[], a: T, b: T): Record<string, SideBySide> {
  return Object.fromEntries(names.map((name) => [name, sideBySide(a[name] as number | null, b[name] as number | null)]));
}

/** A role one slice does not have: no retrievals, so every rate is null. */
const ABSENT_TIER1_ROLE: Tier1RoleReport = { retrievals: 0, judged: 0, p_at_1: null, p_at_k: null, recall_at_k: null, ndcg_at_k: null, mrr: null };
const ABSENT_TIER2_ROLE: Tier2Rates = { retrievals: 0, gpr: null, acr: null, orf: null, uor: null };

export interface SliceFigures {
  tier1: Tier1Report;
  tier2: Tier2Report;
  matrix: MatrixReport;
}

const ownOr = <T,>(record: Record<string, T>, key: string, fallback: T): T => (Object.hasOwn(record, key) ? record[key] : fallback);

function byRole(a: SliceFigures, b: SliceFigures): CompareResult['byRole'] {
  const roles = [...new Set([...Object.keys(a.tier1.by_role), ...Object.keys(b.tier1.by_role)])].sort();
  const result: CompareResult['byRole'] = {};
  for (const role of roles) {
    setOwn(result, role, {
      tier1: compareFigures(TIER1_ROLE_FIGURES, ownOr(a.tier1.by_role, role, ABSENT_TIER1_ROLE), ownOr(b.tier1.by_role, role, ABSENT_TIER1_ROLE)),
      tier2: compareFigures(TIER2_ROLE_FIGURES, ownOr(a.tier2.by_role, role, ABSENT_TIER2_ROLE), ownOr(b.tier2.by_role, role, ABSENT_TIER2_ROLE)),
    });
  }
  return result;
}

/** The paired deltas, one column per metric of PAIRED_METRICS, one value per paired query. */
export const pairedDeltaColumns = (pairing: Pairing): number[][] =>
  PAIRED_METRICS.map((metric) => pairing.queries.map((query) => query.delta[metric]));

/**
 * The paired block of the report: the number of pairs and each Tier 1 metric's statistics,
 * `statistics` being `pairedStatistics(pairedDeltaColumns(pairing))`, computed where the caller
 * wants it (the page computes it in a worker), else here.
 */
export function pairedReport(pairing: Pairing, statistics: PairedStatistic[] = pairedStatistics(pairedDeltaColumns(pairing))): CompareResult['report']['paired'] {
  const byMetric = Object.fromEntries(PAIRED_METRICS.map((metric, i) => [metric, statistics[i]])) as Record<PairedMetric, PairedStatistic>;
  return { pairs: pairing.queries.length, ...byMetric };
}

/** Everything the comparison shows, from each slice's figures (as the metrics report has them) and the pairing. */
export function shapeCompareResult(
  slices: { a: SliceFilters; b: SliceFilters },
  figures: { a: SliceFigures; b: SliceFigures },
  pairing: Pairing,
  pool: number,
  statistics?: PairedStatistic[],
): CompareResult {
  const { a, b } = figures;
  const bounds = comparisonBounds(a.tier1, b.tier1, pool);
  return {
    report: {
      a: slices.a,
      b: slices.b,
      tier1: compareFigures(TIER1_FIGURES, a.tier1, b.tier1),
      tier2: compareFigures(TIER2_FIGURES, a.tier2, b.tier2),
      paired: pairedReport(pairing, statistics),
      judged_at_k: bounds.judged_at_k,
      settled: bounds.settled,
      pool,
    },
    deltaRanges: bounds.deltaRanges,
    matrix: { a: a.matrix, b: b.matrix },
    byRole: byRole(a, b),
    queries: pairing.queries,
    onlyA: pairing.onlyA,
    onlyB: pairing.onlyB,
  };
}
