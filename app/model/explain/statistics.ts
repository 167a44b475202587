/**
 * The statistics of docs/metrics.md "Where a signal concentrates": the Wilson interval, the
 * two-proportion z-test and Benjamini–Hochberg q-values. Checked against an independent
 * computation (statistics.reference.py).
 */

/** The two-sided 95% normal quantile docs/metrics.md names. */
export const Z_95 = 1.959964;

/** Wilson score interval of h successes in n trials (n ≥ 1). */
export function wilsonInterval(hits: number, n: number, z = Z_95): { low: number; high: number } {
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The two-sided p-value of the two-proportion z-test of a slice (h of n) against the rest of its
 * population (H of N): pooled p = H/N; 1 when the slice is the whole population or p is 0 or 1.
 */
export function twoProportionPValue(hits: number, n: number, populationHits: number, population: number): number {
  const pooled = populationHits / population;
  if (n >= population || pooled <= 0 || pooled >= 1) return 1;
  const p1 = hits / n;
  const p2 = (populationHits - hits) / (population - n);
  const z = (p1 - p2) / Math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / (population - n)));
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

/** Benjamini–Hochberg q-values, in the order of `pValues` (R's p.adjust(p, "BH")). */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p || a.index - b.index);
  const q = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const { p, index } = order[rank - 1];
    running = Math.min(running, (p * m) / rank);
    q[index] = running;
  }
  return q;
}

const TWO_OVER_ROOT_PI = 2 / Math.sqrt(Math.PI);

/**
 * The complementary error function to about 1e-14 relative: below 2 from the series
 * erf(x) = 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)) (all terms positive), above from
 * Laplace's continued fraction erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))).
 */
export function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) {
    let term = x;
    let sum = x;
    for (let n = 1; term > sum * 1e-17; n++) {
      term *= (2 * x * x) / (2 * n + 1);
      sum += term;
    }
    return 1 - TWO_OVER_ROOT_PI * Math.exp(-x * x) * sum;
  }
  let fraction = x;
  for (let n = 300; n >= 1; n--) fraction = x + n / 2 / fraction;
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / fraction;
}
