import type { BoundedFigure, MatrixReport, Rate } from '../metrics/report';
import type { DeltaRange } from './settled';
import type { SliceFilters } from './slice';

/** The Tier 1 metrics the paired test covers (docs/metrics.md, "Comparing two slices"). */
export const PAIRED_METRICS = ['p_at_1', 'p_at_k', 'recall_at_k', 'ndcg_at_k', 'mrr'] as const;
export type PairedMetric = (typeof PAIRED_METRICS)[number];

/** One figure of both slices: `delta` = b − a, null when either side is null. */
export interface SideBySide {
  a: number | null;
  b: number | null;
  delta: number | null;
}

/** Paired statistics of one metric over the paired queries; all null when there is no pair. */
export interface PairedStatistic {
  mean_delta: number | null;
  ci_low: number | null;
  ci_high: number | null;
  p_value: number | null;
}

/** The report's `compare` key (docs/metrics.md, "The report"): exactly these keys in `report --json`. */
export interface CompareReport {
  /** The filters of each slice, keyed as on the command line (`retriever`, `run_id`, …, `from`, `to`). */
  a: SliceFilters;
  b: SliceFilters;
  /** Every top-level Tier 1 figure: retrievals, empty_result_rate, judged, p_at_1, p_at_k, recall_at_k, ndcg_at_k, mrr. */
  tier1: Record<string, SideBySide>;
  /** Every top-level Tier 2 figure: retrievals, gpr, acr, orf, uor. */
  tier2: Record<string, SideBySide>;
  paired: { pairs: number } & Record<PairedMetric, PairedStatistic>;
  /** Each slice's judged@k (docs/metrics.md, "Judged depth, bounds and the pool"). */
  judged_at_k: { a: Rate; b: Rate };
  /** Per bounded figure: whether B − A keeps its sign over every labeling of the unlabeled assets among the first K. */
  settled: Record<BoundedFigure, boolean>;
  /** The number of items of the comparison's pool. */
  pool: number;
}

/** One paired query: the mean of each metric over its judged retrievals in each slice. */
export interface PairedQuery {
  query: string;
  /** Judged retrievals of this exact query text in each slice. */
  a_judged: number;
  b_judged: number;
  a: Record<PairedMetric, number>;
  b: Record<PairedMetric, number>;
  /** b − a per metric. */
  delta: Record<PairedMetric, number>;
}

/** Everything the comparison view shows; `report` is also what the command line prints. */
export interface CompareResult {
  report: CompareReport;
  matrix: { a: MatrixReport; b: MatrixReport };
  /** Per role, the Tier 1 and Tier 2 figures side by side (roles of either slice). */
  byRole: Record<string, { tier1: Record<string, SideBySide>; tier2: Record<string, SideBySide> }>;
  /** Per bounded figure, the range of B − A over every labeling of the unlabeled (null when a slice has no judged retrieval). */
  deltaRanges: Record<BoundedFigure, DeltaRange | null>;
  /** Every paired query, in query order. */
  queries: PairedQuery[];
  /** Queries judged in one slice only (not paired). */
  onlyA: number;
  onlyB: number;
}
