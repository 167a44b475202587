import { BOUNDED_FIGURES, type BoundedFigure, type FigureBounds, type Rate, type Tier1Report } from '../metrics/report';

/** The range of B − A over every labeling of the unlabeled assets; null when a slice has no judged retrieval. */
export interface DeltaRange {
  low: number;
  high: number;
}

/** docs/metrics.md, "Judged depth, bounds and the pool": B − A lies in [B.low − A.high, B.high − A.low]. */
export function deltaRange(a: FigureBounds, b: FigureBounds): DeltaRange | null {
  if (a.low === null || a.high === null || b.low === null || b.high === null) return null;
  return { low: b.low - a.high, high: b.high - a.low };
}

/**
 * Below this a bound's distance from 0 is the rounding of two means (0.6 / 6 and 0.5 / 5 differ in
 * the last bit), not a difference: two equal figures are never settled.
 */
const ROUNDING = 1e-12;

/** A figure is settled when its delta's range excludes 0: no labeling of the unlabeled can flip its sign. Without a range, not settled. */
export const isSettled = (range: DeltaRange | null): boolean => range !== null && (range.low > ROUNDING || range.high < -ROUNDING);

export function deltaRanges(a: Record<BoundedFigure, FigureBounds>, b: Record<BoundedFigure, FigureBounds>): Record<BoundedFigure, DeltaRange | null> {
  return Object.fromEntries(BOUNDED_FIGURES.map((figure) => [figure, deltaRange(a[figure], b[figure])])) as Record<BoundedFigure, DeltaRange | null>;
}

export function settledFigures(ranges: Record<BoundedFigure, DeltaRange | null>): Record<BoundedFigure, boolean> {
  return Object.fromEntries(BOUNDED_FIGURES.map((figure) => [figure, isSettled(ranges[figure])])) as Record<BoundedFigure, boolean>;
}

/** Is the comparison settled? Each slice's bounds and judged depth, B − A over labelings per figure, settled or not, and the pool's size. */
export interface ComparisonBounds {
  bounds: { a: Record<BoundedFigure, FigureBounds>; b: Record<BoundedFigure, FigureBounds> };
  judged_at_k: { a: Rate; b: Rate };
  deltaRanges: Record<BoundedFigure, DeltaRange | null>;
  settled: Record<BoundedFigure, boolean>;
  pool: number;
}

/** docs/metrics.md, "Judged depth, bounds and the pool", from each slice's Tier 1 and the pool's size. */
export function comparisonBounds(a: Tier1Report, b: Tier1Report, pool: number): ComparisonBounds {
  const ranges = deltaRanges(a.bounds, b.bounds);
  return {
    bounds: { a: a.bounds, b: b.bounds },
    judged_at_k: { a: a.judged_at_k, b: b.judged_at_k },
    deltaRanges: ranges,
    settled: settledFigures(ranges),
    pool,
  };
}
