import { describe, expect, it } from 'vitest';
import { givenLabelsText } from './labels-per-dataset';

describe('givenLabelsText', () => {
  it.each([
    [0, 0, null],
    [12, 85, '12 of your labels apply to these logs; 85 belong to other logs, kept.'],
    [1, 1, '1 of your labels applies to these logs; 1 belongs to other logs, kept.'],
    [12, 0, 'The 12 labels you gave here apply to these logs.'],
    [1, 0, 'The label you gave here applies to these logs.'],
    [0, 85, 'None of your labels apply to these logs; 85 labels given here belong to other logs, kept.'],
    [0, 1, 'None of your labels apply to these logs; 1 label given here belongs to other logs, kept.'],
    [1200, 3, '1,200 of your labels apply to these logs; 3 belong to other logs, kept.'],
  ])('%i applied, %i elsewhere: %j', (applied, otherLogs, expected) => {
    expect(givenLabelsText(applied, otherLogs)).toBe(expected);
  });

  it.each([
    [1, 0, 1, 'The label you gave here applies to these logs. It is in a loaded file too, and counted once, as the file\'s.'],
    [3, 0, 2, 'The 3 labels you gave here apply to these logs. 2 of them are in a loaded file too, and counted once, as the file\'s.'],
    [3, 0, 3, 'The 3 labels you gave here apply to these logs. All of them are in a loaded file too, and counted once, as the file\'s.'],
    [3, 2, 1, '3 of your labels apply to these logs; 2 belong to other logs, kept. 1 of the 3 that apply is in a loaded file too, and counted once, as the file\'s.'],
  ])('%i applied, %i elsewhere, %i also in a loaded file: %j', (applied, otherLogs, inFiles, expected) => {
    expect(givenLabelsText(applied, otherLogs, inFiles)).toBe(expected);
  });
});
