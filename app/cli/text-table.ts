export type Align = 'left' | 'right';

/** Rows of cells as lines padded into columns, two spaces apart. */
export function formatTable(header: string[], rows: string[][], align: Align[], indent = '  '): string[] {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    indent + cells.map((cell, column) => (align[column] === 'right' ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}
