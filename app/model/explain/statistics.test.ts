import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, erfc, twoProportionPValue, wilsonInterval } from './statistics';

// Printed by statistics.reference.py (Python's standard library, the textbook definitions): [h, n, low, high],
// [h, n, H, N, p], the p-values with their q-values, [x, erfc(x)].
const WILSON = [[0, 20, 0.0, 0.16112516018512965], [3, 20, 0.05236874548672654, 0.3604188666428642], [20, 20, 0.8388748398148694, 1.0], [7, 31, 0.11395135499463094, 0.3981241853000914], [232, 1000, 0.20689343920905215, 0.25915770337143984], [1, 2, 0.09453120463920078, 0.9054687953607992]];
const Z_TEST = [[15, 40, 60, 400, 2.6592618550786606e-05], [4, 40, 60, 400, 0.35055152013328394], [6, 40, 60, 400, 1.0], [30, 30, 100, 1000, 1.7181106269339384e-62], [0, 25, 10, 500, 0.46365499668616733], [5, 50, 0, 500, 1.0], [50, 50, 50, 50, 1.0], [120, 200, 232, 1000, 3.1564205300644905e-43], [2, 20, 400, 1000, 0.005667606658536781]];
const BH = {"p": [0.01, 0.04, 0.03, 0.2, 0.001, 0.04, 0.5, 1.0, 0.0005, 0.049], "q": [0.03333333333333333, 0.06666666666666667, 0.06666666666666667, 0.25, 0.005, 0.06666666666666667, 0.5555555555555556, 1.0, 0.005, 0.06999999999999999]};
const ERFC = [[0.0, 1.0], [0.1, 0.8875370839817152], [0.5, 0.4795001221869535], [1.0, 0.15729920705028513], [2.0, 0.004677734981047265], [2.9, 4.109787809945886e-05], [3.0, 2.2090496998585438e-05], [3.5, 7.430983723414128e-07], [5.0, 1.5374597944280351e-12], [8.0, 1.1224297172982928e-29], [20.0, 5.3958656116079005e-176]];
/** Equal to 12 significant digits (the reference works the interval out as a quadratic's roots, not the closed form). */
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-12 + 1e-300);

describe('the statistics of "why here?" against an independent computation', () => {
  it.each(WILSON)('Wilson 95%% interval of %i of %i', (h, n, low, high) => {
    const interval = wilsonInterval(h, n);
    close(interval.low, low);
    close(interval.high, high);
  });

  it.each(Z_TEST)('two-proportion z-test of %i of %i against %i of %i', (h, n, big, population, p) => {
    close(twoProportionPValue(h, n, big, population), p);
  });

  it('Benjamini–Hochberg q-values, ties and order kept', () => {
    benjaminiHochberg(BH.p).forEach((q, index) => close(q, BH.q[index]));
  });

  it.each(ERFC)('erfc(%d)', (x, value) => close(erfc(x), value));
});
