/**
 * A seeded pseudo-random generator (xoshiro128**, state seeded by splitmix32): the same seed
 * gives the same sequence on every platform, so a statistic drawn with it is reproducible.
 * Not for anything secret.
 */
export interface SeededRandom {
  /** The next 32 random bits, an integer in [0, 2^32). */
  nextUint32(): number;
  /** The next number in [0, 1). */
  next(): number;
  /** The next integer in [0, n), n ≥ 1. */
  nextInt(n: number): number;
}

const TWO_TO_32 = 4294967296;

/** splitmix32: spreads one seed over the four words of the state (never all zero). */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

export function seededRandom(seed: number): SeededRandom {
  const mix = splitmix32(seed);
  let s0 = mix(), s1 = mix(), s2 = mix(), s3 = mix();
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;
  const nextUint32 = () => {
    const result = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (s1 << 9) >>> 0;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
  const next = () => nextUint32() / TWO_TO_32;
  return { nextUint32, next, nextInt: (n) => Math.floor(next() * n) };
}

/** mulberry32: a small generator of floats in [0, 1) for test fixtures that must be the same on every run. */
export function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
