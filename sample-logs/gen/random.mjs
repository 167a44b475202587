// Seeded pseudo-random numbers: every sample file is a pure function of its seed.

/** mulberry32: a tiny 32-bit PRNG with good enough statistics for fixtures. */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeRandom(seed) {
  const next = mulberry32(seed);
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)); // inclusive bounds
  const shuffle = (items) => {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return {
    next,
    int,
    float: (lo, hi) => lo + (hi - lo) * next(),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    /** pairs: [[value, weight], ...] */
    weighted(pairs) {
      const total = pairs.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [value, weight] of pairs) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return pairs[pairs.length - 1][0];
    },
    shuffle,
    sample: (items, n) => shuffle(items).slice(0, n),
  };
}

export const round = (x, digits = 3) => Number(x.toFixed(digits));
export const pad = (n, width) => String(n).padStart(width, '0');

/** Sequential ids such as r-000123; `start` lets files use disjoint ranges. */
export function idSequence(prefix, width, start = 1) {
  let n = start;
  return () => `${prefix}${pad(n++, width)}`;
}
