/**
 * Gate calibration over eval cases (docs/metrics.md, Gate): at threshold t the gate answers when
 * top-1 ≥ t. Answer is the positive class: a true positive should answer and would.
 */
export interface CalibrationCase {
  category: string | null;
  should_answer: boolean;
  /** Top-1 score of the case's eval retrieval; null when no retrieval matched its query. */
  top1: number | null;
}

export interface ThresholdPoint {
  threshold: number;
  /** Should answer, would not (top-1 < t) / cases that should answer; null when there are none. */
  false_reject_rate: number | null;
  /** Should refuse, would answer (top-1 ≥ t) / cases that should refuse; null when there are none. */
  false_answer_rate: number | null;
  /** 2TP / (2TP + FP + FN); null when that is 0 / 0. */
  f1: number | null;
}

export interface Calibration {
  /** Every eval case, scored or not. */
  cases: number;
  /** Cases with a top-1 score: the ones the curve is computed over. */
  scored: number;
  should_answer: number;
  should_refuse: number;
  points: ThresholdPoint[];
  f1_threshold: number | null;
  recommended_threshold: number | null;
}

/** The margin docs/metrics.md adds to the F1-optimal threshold for the conservative recommendation. */
export const RECOMMENDED_MARGIN = 0.05;

const ratio = (numerator: number, denominator: number) => (denominator === 0 ? null : numerator / denominator);
/** Scores carry 4 decimals; rounding keeps t + 0.05 free of float noise (0.7 + 0.05 = 0.75, not 0.7500000001). */
const roundScore = (value: number) => Math.round(value * 1e6) / 1e6;

export function thresholdPoint(scored: { should_answer: boolean; top1: number }[], threshold: number): ThresholdPoint {
  let tp = 0, fp = 0, fn = 0, refuse = 0;
  for (const item of scored) {
    const answers = item.top1 >= threshold;
    if (item.should_answer) {
      if (answers) tp++;
      else fn++;
    } else {
      refuse++;
      if (answers) fp++;
    }
  }
  return {
    threshold,
    false_reject_rate: ratio(fn, tp + fn),
    false_answer_rate: ratio(fp, refuse),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
  };
}

/**
 * The curve at every observed top-1 score, the F1-optimal threshold (ties to the higher t) and
 * the recommended one (+0.05). With no case that should answer, F1 says nothing: thresholds null.
 */
export function calibrate(cases: CalibrationCase[]): Calibration {
  const scored = cases.filter((item): item is CalibrationCase & { top1: number } => item.top1 !== null);
  const shouldAnswer = scored.filter((item) => item.should_answer).length;
  const thresholds = [...new Set(scored.map((item) => item.top1))].sort((a, b) => a - b);
  const points = thresholds.map((threshold) => thresholdPoint(scored, threshold));
  let best: ThresholdPoint | null = null;
  for (const point of points) {
    if (point.f1 !== null && (best === null || best.f1 === null || point.f1 >= best.f1)) best = point;
  }
  const f1Threshold = shouldAnswer > 0 && best ? best.threshold : null;
  return {
    cases: cases.length,
    scored: scored.length,
    should_answer: shouldAnswer,
    should_refuse: scored.length - shouldAnswer,
    points,
    f1_threshold: f1Threshold,
    recommended_threshold: f1Threshold === null ? null : roundScore(f1Threshold + RECOMMENDED_MARGIN),
  };
}

/** One calibration per category, in name order; cases without a category appear only overall. */
export function calibrateByCategory(cases: CalibrationCase[]): Record<string, Calibration> {
  const categories = [...new Set(cases.map((item) => item.category).filter((c): c is string => c !== null))].sort();
  return Object.fromEntries(categories.map((category) => [category, calibrate(cases.filter((item) => item.category === category))]));
}
