import { describe, expect, it } from 'vitest';
import { readTimestamp, timestampMs } from './parse-ts';

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

describe('timestampMs', () => {
  it('gives the instant readTimestamp reads, or NaN where it finds a problem', () => {
    const values: unknown[] = [
      '2026-09-01T00:00:02.054Z', '2026-09-01T00:00:02Z', '2024-02-29T23:59:59.999Z', '2023-02-29T12:00:00.000Z', '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z', '2026-00-10T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T23:60:00Z', '2026-01-01T23:59:60Z',
      '0099-12-31T00:00:00Z', '0100-01-01T00:00:00.000Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '1900-02-29T00:00:00Z',
      '2026-01-01T10:00:00.5Z', '2026-01-01T10:00:00.1234Z', '2026-01-01T10:00:00z', ' 2026-01-01T10:00:00Z', '2026-01-01T10:00:00+02:00',
      '2026-01-01 10:00:00', '2026-01-01', '2026-1-01T10:00:00Z', '2026-01-01T10:00:00.00aZ', '2026/01/01T10:00:00Z', '１２３４-01-01T00:00:00Z',
      '1700000000000', '1700000000', 1_700_000_000_000, 1_700_000_000, 0, -5, -0, 1e300, Number.NaN, Number.POSITIVE_INFINITY, '', null, true, [1],
    ];
    for (const value of values) {
      const reading = readTimestamp(value);
      expect([value, timestampMs(value)]).toEqual([value, 'ms' in reading ? reading.ms : Number.NaN]);
    }
  });
});
