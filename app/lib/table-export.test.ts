import { describe, expect, it } from 'vitest';
import { neutralizeCell, toCsv, toJsonl, type ExportColumn } from './table-export';

interface Row { id: string; n: number | null }
const columns: ExportColumn<Row>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'n', value: (row) => row.n },
];

describe('table export', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"], ['+1', "'+1"], ['-2+3', "'-2+3"], ['@cmd', "'@cmd"], ['\tx', "'\tx"], ['\rx', "'\rx"], ['plain', 'plain'], ['a=b', 'a=b'],
  ])('neutralizes %j as %j', (cell, expected) => expect(neutralizeCell(cell)).toBe(expected));

  it('writes CSV with quoting, neutralized formulas, empty nulls and numbers as numbers', () => {
    const csv = toCsv(columns, [{ id: '=HYPERLINK("x")', n: -3 }, { id: 'a,b', n: null }, { id: 'line\nbreak', n: 0.5 }]);
    expect(csv).toBe('id,n\r\n"\'=HYPERLINK(""x"")",-3\r\n"a,b",\r\n"line\nbreak",0.5\r\n');
  });

  it('writes one JSON object per row keyed by header', () => {
    expect(toJsonl(columns, [{ id: '=x', n: 1 }, { id: 'y', n: null }])).toBe('{"id":"=x","n":1}\n{"id":"y","n":null}\n');
    expect(toJsonl(columns, [])).toBe('');
  });
});
