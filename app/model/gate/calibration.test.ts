import { describe, expect, it } from 'vitest';
import { calibrate, calibrateByCategory, type CalibrationCase } from './calibration';
import { gateConfigYaml } from './gate-config-yaml';

const answer = (top1: number | null, category: string | null = 'a'): CalibrationCase => ({ category, should_answer: true, top1 });
const refuse = (top1: number | null, category: string | null = 'a'): CalibrationCase => ({ category, should_answer: false, top1 });

describe('calibrate', () => {
  // Should answer: 0.9, 0.7, 0.4; should refuse: 0.6, 0 (an empty result). Thresholds 0, 0.4, 0.6, 0.7, 0.9.
  // t=0   : TP 3 FN 0 FP 2 → F1 = 6/(6+2+0) = 0.75;   FRR 0/3; FAR 2/2 = 1
  // t=0.4 : TP 3 FN 0 FP 1 → F1 = 6/(6+1)   = 0.857;  FRR 0/3; FAR 1/2 = 0.5
  // t=0.6 : TP 2 FN 1 FP 1 → F1 = 4/(4+1+1) = 0.667;  FRR 1/3; FAR 1/2
  // t=0.7 : TP 2 FN 1 FP 0 → F1 = 4/(4+0+1) = 0.8;    FRR 1/3; FAR 0
  // t=0.9 : TP 1 FN 2 FP 0 → F1 = 2/(2+0+2) = 0.5;    FRR 2/3; FAR 0
  // F1-optimal 0.4, recommended 0.45.
  const cases = [answer(0.9), answer(0.7), answer(0.4), refuse(0.6), refuse(0)];

  it('computes both error rates and F1 at every observed score (hand-worked above)', () => {
    const result = calibrate(cases);
    expect(result.points.map((p) => p.threshold)).toEqual([0, 0.4, 0.6, 0.7, 0.9]);
    expect(result.points.map((p) => p.false_reject_rate)).toEqual([0, 0, 1 / 3, 1 / 3, 2 / 3]);
    expect(result.points.map((p) => p.false_answer_rate)).toEqual([1, 0.5, 0.5, 0, 0]);
    expect(result.points.map((p) => p.f1)).toEqual([0.75, 6 / 7, 4 / 6, 0.8, 0.5]);
    expect(result).toMatchObject({ cases: 5, scored: 5, should_answer: 3, should_refuse: 2, f1_threshold: 0.4, recommended_threshold: 0.45 });
  });

  it('breaks an F1 tie toward the higher threshold', () => {
    // 0.3 and 0.6 tie at F1 = 2/3 (t=0.3: TP 2 FP 2 → 4/6; t=0.6: TP 1 FN 1 → 2/3): the higher wins.
    expect(calibrate([answer(0.6), answer(0.3), refuse(0.3), refuse(0.3)]).f1_threshold).toBe(0.6);
  });

  it('scores empty results 0 and leaves unmatched cases out of the curve', () => {
    const result = calibrate([answer(0.8), refuse(0), answer(null)]);
    expect(result.points.map((p) => p.threshold)).toEqual([0, 0.8]);
    expect(result).toMatchObject({ cases: 3, scored: 2, f1_threshold: 0.8, recommended_threshold: 0.85 });
  });

  it('gives null rates where a class is missing and null thresholds without a case that should answer', () => {
    const onlyPositives = calibrate([answer(0.5), answer(0.7)]);
    expect(onlyPositives.points.every((p) => p.false_answer_rate === null)).toBe(true);
    expect(onlyPositives.f1_threshold).toBe(0.5);
    const onlyNegatives = calibrate([refuse(0.5)]);
    expect(onlyNegatives.points[0]).toMatchObject({ false_reject_rate: null, false_answer_rate: 1, f1: 0 });
    expect(onlyNegatives).toMatchObject({ f1_threshold: null, recommended_threshold: null });
    expect(calibrate([])).toMatchObject({ cases: 0, points: [], f1_threshold: null });
  });

  it('calibrates per category, leaving uncategorised cases to the overall figure', () => {
    const byCategory = calibrateByCategory([answer(0.9, 'returns'), refuse(0.2, 'returns'), answer(0.6, 'warranty'), answer(0.5, null)]);
    expect(Object.keys(byCategory)).toEqual(['returns', 'warranty']);
    expect(byCategory.returns).toMatchObject({ cases: 2, f1_threshold: 0.9, recommended_threshold: 0.95 });
    expect(byCategory.warranty.points[0].false_answer_rate).toBeNull();
  });
});

describe('gateConfigYaml', () => {
  it('writes the recommended thresholds overall and per category', () => {
    const overall = calibrate([answer(0.7), refuse(0.3)]);
    const yaml = gateConfigYaml(overall, { returns: overall, 'odd key: x': calibrate([refuse(0.1)]) });
    expect(yaml).toContain('gate:\n  threshold: 0.75\n  f1_optimal_threshold: 0.7\n  eval_cases: 2\n  categories:\n');
    expect(yaml).toContain('    returns:\n      threshold: 0.75\n');
    expect(yaml).toContain('    "odd key: x":\n      threshold: null\n');
    expect(gateConfigYaml(calibrate([]), {})).toContain('  categories: {}\n');
  });
});
