import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

const draws = (seed: number, count: number) => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => random.nextUint32());
};

describe('seededRandom', () => {
  it('is xoshiro128** seeded by splitmix32: the reference C code (Blackman and Vigna) gives these for seed 14', () => {
    expect(draws(14, 5)).toEqual([521772756, 1063248903, 3569157550, 3713695679, 944996135]);
  });

  it('gives the same sequence for the same seed, another for another seed', () => {
    expect(draws(14, 20)).toEqual(draws(14, 20));
    expect(draws(15, 20)).not.toEqual(draws(14, 20));
    expect(new Set(draws(0, 1000)).size).toBe(1000);
  });

  it('draws 32-bit integers, numbers in [0, 1) and integers in [0, n)', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 10_000; i++) {
      const word = random.nextUint32();
      expect(Number.isInteger(word) && word >= 0 && word < 2 ** 32).toBe(true);
      const x = random.next();
      expect(x >= 0 && x < 1).toBe(true);
      const k = random.nextInt(6);
      expect(Number.isInteger(k) && k >= 0 && k < 6).toBe(true);
    }
  });

  it('is close to uniform: each of 10 bins holds 10% ± 1% of 100,000 draws, each bit is set half the time', () => {
    const random = seededRandom(1);
    const bins = new Array<number>(10).fill(0);
    const bits = new Array<number>(32).fill(0);
    for (let i = 0; i < 100_000; i++) {
      bins[random.nextInt(10)]++;
      const word = random.nextUint32();
      for (let b = 0; b < 32; b++) bits[b] += (word >>> b) & 1;
    }
    // binomial sd of one bin ≈ 95 (0.1%), of one bit ≈ 158 (0.16%): 1% is more than 6 sd
    for (const bin of bins) expect(Math.abs(bin - 10_000)).toBeLessThan(1_000);
    for (const bit of bits) expect(Math.abs(bit - 50_000)).toBeLessThan(1_000);
  });

  it('fills arrays with the very draws of as many single calls, and goes on from where they stop', () => {
    const single = seededRandom(14);
    const bulk = seededRandom(14);
    const words = new Uint32Array(1000);
    bulk.fillUint32(words);
    expect(Array.from(words)).toEqual(Array.from({ length: 1000 }, () => single.nextUint32()));
    const ints = new Int32Array(999);
    bulk.fillInts(ints, 39_178);
    expect(Array.from(ints)).toEqual(Array.from({ length: 999 }, () => single.nextInt(39_178)));
    expect(bulk.nextUint32()).toBe(single.nextUint32());
    expect(bulk.next()).toBe(single.next());
    bulk.fillInts(ints.subarray(10, 20), 7);
    expect(Array.from(ints.subarray(10, 20))).toEqual(Array.from({ length: 10 }, () => single.nextInt(7)));
  });
});
