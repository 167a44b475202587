import { describe, expect, it } from 'vitest';
import { GIVEN_HERE_FILE, rejectedFileText, rejectedReasonText } from './cells';

describe('rejected row cells', () => {
  it.each([
    [{ file_id: 3, file: 'a.jsonl' }, 'a.jsonl'],
    [{ file_id: 0, file: null }, GIVEN_HERE_FILE],
    [{ file_id: 7, file: null }, null],
    [{ file_id: null, file: null }, null],
  ])('file of %j is %j', (place, expected) => {
    expect(rejectedFileText(place)).toBe(expected);
  });

  it.each([
    ['missing_field', 'missing required field (missing_field)'],
    ['some_future_code', 'some_future_code (some_future_code)'],
    [null, null],
  ])('reason %j reads %j', (reason, expected) => {
    expect(rejectedReasonText(reason)).toBe(expected);
  });
});
