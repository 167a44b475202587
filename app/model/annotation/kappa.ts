/**
 * Chance-corrected agreement over nominal categories (docs/metrics.md, "Annotation agreement").
 * Values are compared as strings, unweighted: a relevance grade 2 against 3 is as much a
 * disagreement as 0 against 3.
 */

function tally(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** What Cohen's κ reads of two annotators' shared items, added item by item. */
export class CohenTally {
  items = 0;
  agreed = 0;
  readonly ofA = new Map<string, number>();
  readonly ofB = new Map<string, number>();

  /** `count` items on which a said `a` and b said `b` (one by default; a confusion cell at once). */
  add(a: string, b: string, count = 1): void {
    this.items += count;
    if (a === b) this.agreed += count;
    this.ofA.set(a, (this.ofA.get(a) ?? 0) + count);
    this.ofB.set(b, (this.ofB.get(b) ?? 0) + count);
  }

  /**
   * Cohen's κ = (p_o − p_e) / (1 − p_e); p_e = Σ_c (share of c in a's values) × (share of c in
   * b's values). Null when there are no items or p_e = 1 (both used one and the same category:
   * κ undefined).
   */
  kappa(): number | null {
    const n = this.items;
    if (n === 0) return null;
    // p_e·n² as an integer, so that p_e = 1 is tested exactly.
    let chanceTimesN2 = 0;
    for (const [value, count] of this.ofA) chanceTimesN2 += count * (this.ofB.get(value) ?? 0);
    if (chanceTimesN2 === n * n) return null;
    const pO = this.agreed / n;
    const pE = chanceTimesN2 / (n * n);
    return (pO - pE) / (1 - pE);
  }
}

/** Cohen's κ over the items two annotators share, given as [value of a, value of b] (CohenTally). */
export function cohenKappa(shared: readonly (readonly [string, string])[]): number | null {
  const tally = new CohenTally();
  for (const [a, b] of shared) tally.add(a, b);
  return tally.kappa();
}

/**
 * Fleiss' κ over items each rated by two or more raters, the number of raters varying per item,
 * added item by item (an item with fewer than two values is ignored).
 * P_i = Σ_j n_ij(n_ij − 1) / (n_i(n_i − 1)), P̄ = mean of P_i, p_j = Σ_i n_ij / Σ_i n_i,
 * P_e = Σ_j p_j², κ = (P̄ − P_e) / (1 − P_e). Null when no item qualifies or P_e = 1 (one
 * category only).
 */
export class FleissTally {
  private readonly totals = new Map<string, number>();
  private ratings = 0;
  private sumP = 0;
  private rated = 0;

  add(values: readonly string[]): void {
    const n = values.length;
    if (n < 2) return;
    let agreeingPairs = 0;
    for (const [value, count] of tally(values)) {
      agreeingPairs += count * (count - 1);
      this.totals.set(value, (this.totals.get(value) ?? 0) + count);
    }
    this.sumP += agreeingPairs / (n * (n - 1));
    this.ratings += n;
    this.rated++;
  }

  kappa(): number | null {
    if (this.rated === 0 || this.totals.size === 1) return null;
    const pBar = this.sumP / this.rated;
    let pE = 0;
    for (const count of this.totals.values()) pE += (count / this.ratings) ** 2;
    return (pBar - pE) / (1 - pE);
  }
}

/** Fleiss' κ over items given as the lists of their raters' values (FleissTally). */
export function fleissKappa(items: readonly (readonly string[])[]): number | null {
  const fleiss = new FleissTally();
  for (const values of items) fleiss.add(values);
  return fleiss.kappa();
}
