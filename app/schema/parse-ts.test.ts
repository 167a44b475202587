import { describe, expect, it } from 'vitest';
import { readTimestamp } from './parse-ts';

describe('readTimestamp', () => {
  it('knows leap years and month lengths instead of rolling dates over', () => {
    expect(readTimestamp('2024-02-29')).toEqual({ ms: Date.UTC(2024, 1, 29) });
    expect(readTimestamp('2000-02-29T01:02:03Z')).toEqual({ ms: Date.UTC(2000, 1, 29, 1, 2, 3) });
    expect(readTimestamp('2023-02-29')).toHaveProperty('problem');
    expect(readTimestamp('1900-02-29')).toHaveProperty('problem');
    expect(readTimestamp('2023-04-31')).toHaveProperty('problem');
  });

  it('reads an offset as the instant it names, and no offset as UTC', () => {
    expect(readTimestamp('2023-12-31T23:59:59+02:00')).toEqual({ ms: Date.UTC(2023, 11, 31, 21, 59, 59) });
    expect(readTimestamp('2023-12-31 08:00:00')).toEqual({ ms: Date.UTC(2023, 11, 31, 8) });
  });

  it('rejects epoch seconds written where milliseconds belong', () => {
    expect(readTimestamp(1_700_000_000)).toHaveProperty('problem');
    expect(readTimestamp(1_700_000_000_000)).toEqual({ ms: 1_700_000_000_000 });
  });
});
