import { seededRandom } from '../../lib/seeded-random';
import type { PairedStatistic } from './types';

/** docs/metrics.md, "Comparing two slices": resamples of the bootstrap, random flips above EXACT_MAX_PAIRS. */
export const BOOTSTRAP_RESAMPLES = 10_000;
export const RANDOM_FLIPS = 100_000;
/** Sign flips counted together (SignFlips.count). */
const FLIP_BATCH = 1024;
/** Up to this many pairs the randomization test enumerates all 2^n sign flips. */
export const EXACT_MAX_PAIRS = 16;
/** The default seed: the same deltas always give the same interval and p-value. */
export const DEFAULT_SEED = 14;
export const CONFIDENCE = 0.95;

export interface StatisticsOptions {
  seed?: number;
  resamples?: number;
  flips?: number;
}

/** The mean of the values; null when there are none. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/**
 * The q-quantile of sorted values by linear interpolation between order statistics
 * (Hyndman–Fan type 7, the default of R and numpy): h = (N − 1)·q, value at ⌊h⌋ plus
 * (h − ⌊h⌋) of the step to the next.
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low] + (h - low) * (sorted[high] - sorted[low]);
}

/**
 * 95% paired bootstrap intervals of the mean, one per column of deltas (all columns the same
 * length, one value per pair): each resample draws n pairs with replacement — the same pairs
 * for every column — and the interval is the 2.5% and 97.5% quantiles (`quantileSorted`) of
 * the resampled means (the percentile method).
 */
export function bootstrapIntervals(columns: readonly (readonly number[])[], options: StatisticsOptions = {}): ([number, number] | null)[] {
  const n = columns[0]?.length ?? 0;
  if (n === 0) return columns.map(() => null);
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const width = columns.length;
  // pair-major, so the columns of a drawn pair are read together
  const byPair = new Float64Array(n * width);
  columns.forEach((deltas, c) => deltas.forEach((d, i) => (byPair[i * width + c] = d)));
  const means = columns.map(() => new Float64Array(resamples));
  const sums = new Float64Array(width);
  const drawn = new Int32Array(n);
  for (let r = 0; r < resamples; r++) {
    sums.fill(0);
    random.fillInts(drawn, n);
    for (let i = 0; i < n; i++) {
      const offset = drawn[i] * width;
      for (let c = 0; c < width; c++) sums[c] += byPair[offset + c];
    }
    for (let c = 0; c < width; c++) means[c][r] = sums[c] / n;
  }
  const tail = (1 - CONFIDENCE) / 2;
  return means.map((column) => {
    column.sort();
    return [quantileSorted(column, tail), quantileSorted(column, 1 - tail)];
  });
}

/** The tolerance under which two sums of these deltas count as equal (floating point must not lose a tie). */
const tieTolerance = (deltas: readonly number[]) => 1e-9 * Math.max(1, deltas.reduce((sum, d) => sum + Math.abs(d), 0));

/**
 * Two-sided paired randomization test of the mean delta, one p-value per column: the share of
 * sign flips of the deltas whose |mean| is at least the observed |mean|, the observed included.
 * Exact over all 2^n flips when n ≤ EXACT_MAX_PAIRS; else `flips` random flips (each sign by a
 * fair coin, the same flips for every column) and p = (1 + count) / (flips + 1). All deltas 0 → 1.
 */
export function randomizationPValues(columns: readonly (readonly number[])[], options: StatisticsOptions = {}): (number | null)[] {
  const n = columns[0]?.length ?? 0;
  if (n === 0) return columns.map(() => null);
  const flips = new SignFlips(columns);
  if (n <= EXACT_MAX_PAIRS) {
    const all = 2 ** n;
    const counts = flips.count(all, (pattern, into, at) => {
      into[at] = pattern & 0xff;
      if (flips.blocks > 1) into[at + 1] = pattern >>> 8;
    });
    return counts.map((count) => count / all);
  }
  const random = seededRandom((options.seed ?? DEFAULT_SEED) ^ 0x5bd1e995);
  const draws = options.flips ?? RANDOM_FLIPS;
  // a flip's signs are the bytes of its words, four blocks a word (the last word's unused bytes are drawn all the same)
  const words = new Uint32Array(Math.ceil(flips.blocks / 4));
  const counts = flips.count(draws, (_flip, into, at) => {
    random.fillUint32(words);
    for (let block = 0; block < flips.blocks; block++) into[at + block] = (words[block >>> 2] >>> ((block & 3) * 8)) & 255;
  });
  return counts.map((count) => (1 + count) / (draws + 1));
}

/**
 * Sign flips of the deltas, eight pairs at a time: bit j of block b's byte negates delta 8b + j,
 * and the signed sum of a block's eight deltas is looked up among its 256 possible ones.
 */
class SignFlips {
  readonly blocks: number;
  private readonly width: number;
  /** [(block · 256 + byte) · width + column]: Σ of the block's deltas, negated where the byte's bit is set. */
  private readonly blockSums: Float64Array;
  private readonly observed: number[];

  constructor(columns: readonly (readonly number[])[]) {
    const n = columns[0].length;
    this.width = columns.length;
    this.blocks = Math.ceil(n / 8);
    this.blockSums = new Float64Array(this.blocks * 256 * this.width);
    for (let block = 0; block < this.blocks; block++) {
      for (let byte = 0; byte < 256; byte++) {
        for (let c = 0; c < this.width; c++) {
          let sum = 0;
          for (let j = 0, i = block * 8; j < 8 && i < n; j++, i++) sum += (byte >>> j) & 1 ? -columns[c][i] : columns[c][i];
          this.blockSums[(block * 256 + byte) * this.width + c] = sum;
        }
      }
    }
    this.observed = columns.map((deltas) => Math.abs(deltas.reduce((sum, d) => sum + d, 0)) - tieTolerance(deltas));
  }

  /**
   * Per column, how many of `flips` flips reach the observed |sum|; `writeBytes(f, into, at)` writes
   * flip f's bytes, one per block, into `into` from `at`.
   * Flips are taken FLIP_BATCH at a time, block by block: one block's table (256 · width sums)
   * then serves the whole batch from the cache, where flip by flip every block's lookup went to
   * memory (the tables of 40,000 pairs are 50 MB). Each flip's sum still adds its blocks in order.
   */
  count(flips: number, writeBytes: (flip: number, into: Uint8Array, at: number) => void): number[] {
    const { width, blockSums, observed, blocks } = this;
    const counts = new Array<number>(width).fill(0);
    const batch = Math.min(FLIP_BATCH, flips);
    const bytes = new Uint8Array(batch * blocks);
    const sums = new Float64Array(batch * width);
    for (let first = 0; first < flips; first += batch) {
      const size = Math.min(batch, flips - first);
      for (let f = 0; f < size; f++) writeBytes(first + f, bytes, f * blocks);
      sums.fill(0);
      for (let block = 0; block < blocks; block++) {
        const table = block * 256;
        for (let f = 0; f < size; f++) {
          const offset = (table + bytes[f * blocks + block]) * width;
          const at = f * width;
          for (let c = 0; c < width; c++) sums[at + c] += blockSums[offset + c];
        }
      }
      for (let f = 0; f < size; f++) {
        for (let c = 0; c < width; c++) if (Math.abs(sums[f * width + c]) >= observed[c]) counts[c]++;
      }
    }
    return counts;
  }
}

/** Mean delta, bootstrap interval and randomization p-value of each column of paired deltas. */
export function pairedStatistics(columns: readonly (readonly number[])[], options: StatisticsOptions = {}): PairedStatistic[] {
  const intervals = bootstrapIntervals(columns, options);
  const pValues = randomizationPValues(columns, options);
  return columns.map((deltas, c) => ({
    mean_delta: mean(deltas),
    ci_low: intervals[c]?.[0] ?? null,
    ci_high: intervals[c]?.[1] ?? null,
    p_value: pValues[c],
  }));
}

/**
 * `pairedStatistics` of the columns, split into up to one group per runner (a worker each), the
 * groups computed side by side: every column draws the same pairs and flips whatever its
 * neighbours, so the result is exactly `pairedStatistics(columns)`. Few pairs are not worth a
 * second worker.
 */
export async function pairedStatisticsInGroups(
  columns: number[][],
  runners: readonly ((group: number[][]) => Promise<PairedStatistic[]>)[],
): Promise<PairedStatistic[]> {
  const n = columns[0]?.length ?? 0;
  const groupCount = n < MIN_PAIRS_TO_SPLIT ? 1 : Math.max(1, Math.min(runners.length, columns.length));
  const groups = Array.from({ length: groupCount }, (_, g) => columns.flatMap((_column, c) => (c % groupCount === g ? [c] : [])));
  const results = await Promise.all(groups.map((group, g) => runners[g](group.map((c) => columns[c]))));
  const joined = new Array<PairedStatistic>(columns.length);
  groups.forEach((group, g) => group.forEach((c, i) => (joined[c] = results[g][i])));
  return joined;
}

/** Below this many pairs the statistics take well under a second in one worker. */
const MIN_PAIRS_TO_SPLIT = 2000;
