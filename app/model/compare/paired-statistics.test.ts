import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/seeded-random';
import { bootstrapIntervals, DEFAULT_SEED, pairedStatistics, pairedStatisticsInGroups, quantileSorted, randomizationPValues } from './paired-statistics';

const pValue = (deltas: number[], seed?: number) => randomizationPValues([deltas], { seed })[0]!;
const interval = (deltas: number[], seed?: number) => bootstrapIntervals([deltas], { seed })[0];

/** A straightforward exact test for the check: every sign vector, each sum recomputed in integers of 1/1000. */
function enumeratedPValue(deltas: number[]): number {
  const units = deltas.map((d) => Math.round(d * 1000));
  const observed = Math.abs(units.reduce((sum, u) => sum + u, 0));
  const flips = 2 ** units.length;
  let count = 0;
  for (let flip = 0; flip < flips; flip++) {
    let sum = 0;
    for (let i = 0; i < units.length; i++) sum += (flip >> i) & 1 ? -units[i] : units[i];
    if (Math.abs(sum) >= observed) count++;
  }
  return count / flips;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf, |error| < 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Deltas in thousandths, from a generator of their own (not the one under test). */
function testDeltas(n: number, shift: number): number[] {
  let state = 12345;
  return Array.from({ length: n }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.round(((state / 2147483648) * 2 - 1 + shift) * 1000) / 1000;
  });
}

describe('randomizationPValues, exact (n ≤ 16)', () => {
  it('all five deltas positive: only the observed signs and their mirror reach |mean|, p = 2/32', () => {
    expect(pValue([0.1, 0.2, 0.3, 0.4, 0.5])).toBe(2 / 32);
    expect(pValue([-1, -1, -1, -1, -1])).toBe(2 / 32);
  });

  it('mixed deltas 1, −2, 3 (sum 2): the 8 flips sum to 2, 0, 6, 4, −4, −6, 0, −2; six reach |2|, p = 6/8', () => {
    expect(pValue([1, -2, 3])).toBe(6 / 8);
  });

  it('keeps ties that floating point would lose: −0.3, 0.4, −0.1, 0.3', () => {
    // In tenths: 3a + 4b + c + 3d with signs a, b, c, d, observed |sum| 3. Only a = d (3a + 3d = ±6) with
    // 4b + c = ∓5 gives |sum| 1 < 3: two of 16 flips, so p = 14/16. Summed in doubles, four of the
    // flips reaching exactly |0.3| come out a few ulps below the observed sum.
    expect(pValue([-0.3, 0.4, -0.1, 0.3])).toBe(14 / 16);
  });

  it('one pair: both signs reach |d|, p = 1; all deltas 0: p = 1; no pairs: null', () => {
    expect(pValue([0.4])).toBe(1);
    expect(pValue([0, 0, 0])).toBe(1);
    expect(pValue(new Array<number>(30).fill(0))).toBe(1);
    expect(randomizationPValues([[]])).toEqual([null]);
  });

  it('n = 16 agrees with a plain enumeration', () => {
    const deltas = testDeltas(16, 0.2);
    expect(pValue(deltas)).toBe(enumeratedPValue(deltas));
  });
});

describe('randomizationPValues, random flips (n > 16)', () => {
  const deltas20 = testDeltas(20, 0);

  it('n = 20: within Monte Carlo error of the exact p over all 2^20 flips', () => {
    const exact = enumeratedPValue(deltas20);
    expect(exact).toBeGreaterThan(0.02);
    expect(exact).toBeLessThan(0.5);
    // 100,000 flips: standard error ≤ 0.0016
    expect(Math.abs(pValue(deltas20) - exact)).toBeLessThan(0.008);
  });

  it('n = 60: close to the normal approximation 2(1 − Φ(|Σd| / √Σd²)) of the flip distribution', () => {
    const deltas = testDeltas(60, 0.05);
    const sum = deltas.reduce((total, d) => total + d, 0);
    const sd = Math.sqrt(deltas.reduce((total, d) => total + d * d, 0));
    const normal = 2 * (1 - normalCdf(Math.abs(sum) / sd));
    expect(normal).toBeGreaterThan(0.05);
    expect(Math.abs(pValue(deltas) - normal)).toBeLessThan(0.02);
  });

  it('is (1 + count) / (100,000 + 1): never 0, and 1 for all-zero deltas', () => {
    expect(pValue(new Array<number>(40).fill(0.5))).toBe(1 / 100_001);
    const scaled = pValue(testDeltas(20, 0))! * 100_001;
    expect(scaled).toBeCloseTo(Math.round(scaled), 6);
  });

  it('is deterministic for a seed and differs only by Monte Carlo error across seeds', () => {
    expect(pValue(deltas20)).toBe(pValue(deltas20));
    expect(pValue(deltas20, DEFAULT_SEED)).toBe(pValue(deltas20));
    expect(pValue(deltas20, 99)).not.toBe(pValue(deltas20));
    expect(Math.abs(pValue(deltas20, 99)! - pValue(deltas20)!)).toBeLessThan(0.01);
  });

  it('flips the same signs for every column: a column alone gets the p-value it gets among others', () => {
    const other = testDeltas(20, -0.3);
    expect(randomizationPValues([other, deltas20])).toEqual([pValue(other), pValue(deltas20)]);
  });
});

describe('quantileSorted (type 7: linear between order statistics)', () => {
  it('h = (N − 1)·q: on 1…5 the 2.5% quantile is 1.1 and the 97.5% one 4.9', () => {
    expect(quantileSorted([1, 2, 3, 4, 5], 0.025)).toBeCloseTo(1.1, 12);
    expect(quantileSorted([1, 2, 3, 4, 5], 0.975)).toBeCloseTo(4.9, 12);
    expect(quantileSorted([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantileSorted([7], 0.975)).toBe(7);
  });
});

describe('bootstrapIntervals', () => {
  it('all deltas equal: every resample has that mean, the interval collapses to it', () => {
    expect(interval([0.25, 0.25, 0.25, 0.25])).toEqual([0.25, 0.25]);
    expect(interval([-1])).toEqual([-1, -1]);
    expect(interval([])).toBeNull();
  });

  it('matches a straightforward re-implementation with the same seeded draws', () => {
    const deltas = testDeltas(12, 0.1);
    const random = seededRandom(DEFAULT_SEED);
    const means: number[] = [];
    for (let r = 0; r < 10_000; r++) {
      let sum = 0;
      for (let i = 0; i < deltas.length; i++) sum += deltas[Math.floor(random.next() * deltas.length)];
      means.push(sum / deltas.length);
    }
    means.sort((x, y) => x - y);
    // type 7 with N = 10,000: h = 9,999 × 0.025 = 249.975 and 9,999 × 0.975 = 9,749.025 (0-based)
    const low = means[249] + 0.975 * (means[250] - means[249]);
    const high = means[9749] + 0.025 * (means[9750] - means[9749]);
    const [ciLow, ciHigh] = interval(deltas)!;
    expect(ciLow).toBeCloseTo(low, 12);
    expect(ciHigh).toBeCloseTo(high, 12);
  });

  it('draws the same pairs for every column, and about ±1.96 standard errors around the mean for many pairs', () => {
    const a = testDeltas(200, 0.1);
    const b = testDeltas(200, -0.2);
    expect(bootstrapIntervals([a, b])).toEqual([interval(a), interval(b)]);
    const mean = a.reduce((sum, d) => sum + d, 0) / a.length;
    const se = Math.sqrt(a.reduce((sum, d) => sum + (d - mean) ** 2, 0) / a.length / a.length);
    const [low, high] = interval(a)!;
    expect(low).toBeCloseTo(mean - 1.96 * se, 2);
    expect(high).toBeCloseTo(mean + 1.96 * se, 2);
  });
});

describe('pairedStatistics', () => {
  it('mean delta, interval and p-value per column; all null without pairs', () => {
    const [stat] = pairedStatistics([[0.1, 0.2, 0.3, 0.4, 0.5]]);
    expect(stat.mean_delta).toBeCloseTo(0.3, 12);
    expect(stat.p_value).toBe(2 / 32);
    expect(stat.ci_low).toBeGreaterThanOrEqual(0.1);
    expect(stat.ci_high).toBeLessThanOrEqual(0.5);
    expect(pairedStatistics([[]])).toEqual([{ mean_delta: null, ci_low: null, ci_high: null, p_value: null }]);
  });
});

describe('pairedStatisticsInGroups', () => {
  const runner = (sizes: number[]) => async (group: number[][]) => {
    sizes.push(group.length);
    return pairedStatistics(group, { resamples: 500, flips: 2000 });
  };

  it('gives exactly pairedStatistics of all the columns, whatever the number of runners', async () => {
    const columns = [0, 0.1, -0.2, 0.05, 0.3].map((shift) => testDeltas(2500, shift));
    const whole = pairedStatistics(columns, { resamples: 500, flips: 2000 });
    for (const parts of [1, 2, 3, 5, 8]) {
      const groupsSeen: number[] = [];
      const grouped = await pairedStatisticsInGroups(columns, Array.from({ length: parts }, () => runner(groupsSeen)));
      expect(grouped).toEqual(whole);
      expect(groupsSeen.length).toBe(Math.min(parts, 5));
    }
  });

  it('keeps few pairs in one group', async () => {
    const columns = [testDeltas(30, 0), testDeltas(30, 0.2)];
    const sizes: number[] = [];
    await pairedStatisticsInGroups(columns, Array.from({ length: 4 }, () => runner(sizes)));
    expect(sizes).toEqual([2]);
  });
});
