import { describe, expect, it } from 'vitest';
import { displayWidth, formatTable } from './text-table';

describe('a table for the terminal', () => {
  it('counts a wide character as two columns and an astral one as one code point', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('花呗')).toBe(4);
    expect(displayWidth('Huabei 花呗 12')).toBe(14);
    expect(displayWidth('𝔸b')).toBe(2);
  });

  it('lines up columns after wide text', () => {
    const lines = formatTable(['query', 'n'], [['花呗', '1'], ['abcde', '22']], ['left', 'right']);
    // widths: query column max(5, 4, 5) = 5, n column 2
    expect(lines).toEqual(['  query   n', '  花呗    1', '  abcde  22']);
    expect(lines.map(displayWidth)).toEqual([11, 11, 11]);
  });
});
