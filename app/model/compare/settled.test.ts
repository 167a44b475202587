import { describe, expect, it } from 'vitest';
import { deltaRange, isSettled } from './settled';

describe('deltaRange and isSettled', () => {
  it.each([
    // A [0.2, 0.4], B [0.5, 0.7]: B − A in [0.5 − 0.4, 0.7 − 0.2] = [0.1, 0.5], above 0: settled
    [{ low: 0.2, high: 0.4 }, { low: 0.5, high: 0.7 }, { low: 0.1, high: 0.5 }, true],
    // A [0.5, 0.7], B [0.2, 0.4]: [−0.5, −0.1], below 0: settled
    [{ low: 0.5, high: 0.7 }, { low: 0.2, high: 0.4 }, { low: -0.5, high: -0.1 }, true],
    // overlapping: A [0.2, 0.6], B [0.5, 0.7]: [−0.1, 0.5] holds 0
    [{ low: 0.2, high: 0.6 }, { low: 0.5, high: 0.7 }, { low: -0.1, high: 0.5 }, false],
    // touching: A [0.25, 0.5], B [0.5, 0.75]: [0, 0.5] holds 0 (a labeling gives no change)
    [{ low: 0.25, high: 0.5 }, { low: 0.5, high: 0.75 }, { low: 0, high: 0.5 }, false],
    // fully labeled (low = high), equal: [0, 0]
    [{ low: 0.5, high: 0.5 }, { low: 0.5, high: 0.5 }, { low: 0, high: 0 }, false],
  ])('A %o, B %o → %o', (a, b, range, settled) => {
    expect(deltaRange(a, b)!.low).toBeCloseTo(range.low, 12);
    expect(deltaRange(a, b)!.high).toBeCloseTo(range.high, 12);
    expect(isSettled(deltaRange(a, b))).toBe(settled);
  });

  it('equal figures whose means round apart in the last bit are not settled', () => {
    // A's P@10 0.6 / 6 as the upper bound, B's 0.5 / 5 as its lower: equal, though not as doubles
    expect(isSettled(deltaRange({ low: 0.6 / 6, high: 0.6 / 6 }, { low: 0.5 / 5, high: 0.5 / 5 }))).toBe(false);
    expect(isSettled({ low: 1e-17, high: 0.5 })).toBe(false);
    expect(isSettled({ low: -0.5, high: -1e-17 })).toBe(false);
    expect(isSettled({ low: 1e-9, high: 0.5 })).toBe(true);
  });

  it('a slice with no judged retrieval has no range and is not settled', () => {
    expect(deltaRange({ low: null, high: null }, { low: 0.5, high: 0.7 })).toBeNull();
    expect(isSettled(null)).toBe(false);
  });
});
