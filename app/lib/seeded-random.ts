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
  /** The next `into.length` words into `into`: the same words as as many `nextUint32` calls, several times faster. */
  fillUint32(into: Uint32Array): void;
  /** The next `into.length` integers in [0, n) into `into`: the same as as many `nextInt(n)` calls. */
  fillInts(into: Int32Array, n: number): void;
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

export function seededRandom(seed: number): SeededRandom {
  const mix = splitmix32(seed);
  // the state as signed 32-bit words: the same bits as unsigned ones, and V8 keeps them small integers
  let s0 = mix() | 0, s1 = mix() | 0, s2 = mix() | 0, s3 = mix() | 0;
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;
  // every draw is made here, the state in locals for the loop: a word a call through closures cost ~22 ns, here ~6 ns
  const fillUint32 = (into: Uint32Array) => {
    let a = s0, b = s1, c = s2, d = s3;
    for (let i = 0; i < into.length; i++) {
      const x = Math.imul(b, 5);
      into[i] = Math.imul((x << 7) | (x >>> 25), 9);
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
    }
    s0 = a; s1 = b; s2 = c; s3 = d;
  };
  const one = new Uint32Array(1);
  const nextUint32 = () => {
    fillUint32(one);
    return one[0];
  };
  const next = () => nextUint32() / TWO_TO_32;
  const fillInts = (into: Int32Array, n: number) => {
    const words = new Uint32Array(into.buffer, into.byteOffset, into.length);
    fillUint32(words);
    for (let i = 0; i < into.length; i++) into[i] = Math.floor((words[i] / TWO_TO_32) * n);
  };
  return { nextUint32, next, nextInt: (n) => Math.floor(next() * n), fillUint32, fillInts };
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
