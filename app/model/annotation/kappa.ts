/**
 * Chance-corrected agreement over nominal categories (metrics.md, "Annotation agreement").
 * Values are compared as strings, unweighted: a relevance grade 2 against 3 is as much a
 * disagreement as 0 against 3.
 */

function tally(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * Cohen's κ = (p_o − p_e) / (1 − p_e) over the items two annotators share, given as
 * [value of a, value of b]; p_e = Σ_c (share of c in a's values) × (share of c in b's values).
 * Null when there are no items or p_e = 1 (both used one and the same category: κ undefined).
 */
export function cohenKappa(shared: readonly (readonly [string, string])[]): number | null {
  const n = shared.length;
  if (n === 0) return null;
  const agreed = shared.filter(([a, b]) => a === b).length;
  const ofA = tally(shared.map(([a]) => a));
  const ofB = tally(shared.map(([, b]) => b));
  // p_e·n² as an integer, so that p_e = 1 is tested exactly.
  let chanceTimesN2 = 0;
  for (const [value, count] of ofA) chanceTimesN2 += count * (ofB.get(value) ?? 0);
  if (chanceTimesN2 === n * n) return null;
  const pO = agreed / n;
  const pE = chanceTimesN2 / (n * n);
  return (pO - pE) / (1 - pE);
}

/**
 * Fleiss' κ over items each rated by two or more raters, the number of raters varying per item;
 * each item is given as the list of its raters' values (items with fewer than two are ignored).
 * P_i = Σ_j n_ij(n_ij − 1) / (n_i(n_i − 1)), P̄ = mean of P_i, p_j = Σ_i n_ij / Σ_i n_i,
 * P_e = Σ_j p_j², κ = (P̄ − P_e) / (1 − P_e). Null when no item qualifies or P_e = 1 (one
 * category only).
 */
export function fleissKappa(items: readonly (readonly string[])[]): number | null {
  const rated = items.filter((values) => values.length >= 2);
  if (rated.length === 0) return null;
  const totals = new Map<string, number>();
  let ratings = 0;
  let sumP = 0;
  for (const values of rated) {
    const n = values.length;
    let agreeingPairs = 0;
    for (const [value, count] of tally(values)) {
      agreeingPairs += count * (count - 1);
      totals.set(value, (totals.get(value) ?? 0) + count);
    }
    sumP += agreeingPairs / (n * (n - 1));
    ratings += n;
  }
  if (totals.size === 1) return null;
  const pBar = sumP / rated.length;
  let pE = 0;
  for (const count of totals.values()) pE += (count / ratings) ** 2;
  return (pBar - pE) / (1 - pE);
}
