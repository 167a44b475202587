import { describe, expect, it } from 'vitest';
import { cohenKappa, fleissKappa } from './kappa';

/** [a, b] pairs from two parallel strings of one-letter values: pairs('yyn', 'yny'). */
const pairs = (a: string, b: string) => [...a].map((value, i) => [value, b[i]] as const);

/** `count` copies of one pair. */
const times = (count: number, a: string, b: string) => Array.from({ length: count }, () => [a, b] as const);

describe("Cohen's κ", () => {
  it.each<[string, (readonly [string, string])[], number | null]>([
    // p_o = 1; p_e = (2/4)(2/4) + (2/4)(2/4) = 1/2 → κ = (1 − 1/2) / (1 − 1/2) = 1.
    ['perfect agreement', pairs('yynn', 'yynn'), 1],
    // a says y on all four, b says y, n, y, n: p_o = 2/4, p_e = 1·(2/4) + 0·(2/4) = 1/2 → κ = 0.
    ['chance agreement', pairs('yyyy', 'ynyn'), 0],
    // both use one category only: p_e = 1·1 = 1, κ undefined.
    ['p_e = 1 (one shared category)', pairs('yyy', 'yyy'), null],
    // p_o = 0; p_e = (1/2)(1/2) + (1/2)(1/2) = 1/2 → κ = (0 − 1/2) / (1/2) = −1.
    ['complete disagreement', pairs('yn', 'ny'), -1],
    ['no shared items', [], null],
    // Textbook example (Wikipedia, "Cohen's kappa", 50 proposals): both yes 20, a yes b no 5,
    // a no b yes 10, both no 15. p_o = (20 + 15) / 50 = 0.7. a says yes 25/50 = 0.5, b says yes
    // 30/50 = 0.6: p_e = 0.5·0.6 + 0.5·0.4 = 0.3 + 0.2 = 0.5 → κ = (0.7 − 0.5) / (1 − 0.5) = 0.4.
    ['textbook: 50 proposals, κ = 0.4', [...times(20, 'yes', 'yes'), ...times(5, 'yes', 'no'), ...times(10, 'no', 'yes'), ...times(15, 'no', 'no')], 0.4],
    // Three categories: a = 0 0 1 2, b = 0 1 1 2. p_o = 3/4. a's shares: 0 ½, 1 ¼, 2 ¼; b's: 0 ¼,
    // 1 ½, 2 ¼. p_e = ½·¼ + ¼·½ + ¼·¼ = 5/16 → κ = (12/16 − 5/16) / (11/16) = 7/11.
    ['three categories, unweighted', pairs('0012', '0112'), 7 / 11],
  ])('%s', (_, shared, expected) => {
    const kappa = cohenKappa(shared);
    if (expected === null) expect(kappa).toBeNull();
    else expect(kappa).toBeCloseTo(expected, 12);
  });
});

describe("Fleiss' κ, raters varying per item", () => {
  it('a worked example with 2, 3 and 4 raters', () => {
    // item 1: a a      n=2: P_1 = (2·1) / (2·1) = 1
    // item 2: a a b    n=3: P_2 = (2·1 + 1·0) / (3·2) = 1/3
    // item 3: a b b b  n=4: P_3 = (1·0 + 3·2) / (4·3) = 1/2
    // P̄ = (1 + 1/3 + 1/2) / 3 = 11/18
    // Σ n_i = 9; p_a = (2 + 2 + 1) / 9 = 5/9, p_b = (0 + 1 + 3) / 9 = 4/9
    // P_e = 25/81 + 16/81 = 41/81
    // κ = (11/18 − 41/81) / (1 − 41/81) = (99/162 − 82/162) / (40/81) = (17/162)·(81/40) = 17/80
    expect(fleissKappa([['a', 'a'], ['a', 'a', 'b'], ['a', 'b', 'b', 'b']])).toBeCloseTo(17 / 80, 12);
  });

  it('ignores items with a single rater', () => {
    expect(fleissKappa([['a', 'a'], ['a', 'a', 'b'], ['a', 'b', 'b', 'b'], ['b']])).toBeCloseTo(17 / 80, 12);
  });

  it.each<[string, string[][], number | null]>([
    // P̄ = 1; p_a = p_b = 1/2, P_e = 1/2 → κ = 1.
    ['perfect agreement', [['a', 'a', 'a'], ['b', 'b']], 1],
    ['P_e = 1 (one category)', [['a', 'a'], ['a', 'a', 'a']], null],
    ['no multi-rated item', [['a'], ['b']], null],
    // P_1 = P_2 = 0 (every pair disagrees); p_a = p_b = 1/2, P_e = 1/2 → κ = (0 − 1/2) / (1/2) = −1.
    ['every pair disagrees', [['a', 'b'], ['b', 'a']], -1],
  ])('%s', (_, items, expected) => {
    const kappa = fleissKappa(items);
    if (expected === null) expect(kappa).toBeNull();
    else expect(kappa).toBeCloseTo(expected, 12);
  });
});
