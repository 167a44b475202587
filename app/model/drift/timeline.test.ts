import { describe, expect, it } from 'vitest';
import { tickLabel, timeTicks } from './timeline';

const at = (h: number, m: number, s: number, ms = 0) => Date.UTC(2026, 9, 19, h, m, s, ms);

describe('time axis', () => {
  it('picks a round step for at most the given number of ticks, in UTC', () => {
    const { ticks, step } = timeTicks(at(9, 0, 7, 728), at(9, 0, 34, 92), 8);
    expect(step).toBe(5000);
    expect(ticks.map((t) => tickLabel(t, step))).toEqual(['09:00:10', '09:00:15', '09:00:20', '09:00:25', '09:00:30']);
  });

  it('labels minutes and milliseconds as precisely as the step needs', () => {
    expect(tickLabel(at(9, 30, 0), 60_000)).toBe('09:30');
    expect(tickLabel(at(9, 30, 0, 250), 50)).toBe('09:30:00.250');
  });
});
