import { terminalText } from './terminal-text';

export type Align = 'left' | 'right';

/** Rows of cells as lines padded into columns, two spaces apart; controls in a cell are escaped before it is measured. */
export function formatTable(rawHeader: string[], rawRows: string[][], align: Align[], indent = '  '): string[] {
  const header = rawHeader.map(terminalText);
  const rows = rawRows.map((row) => row.map(terminalText));
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    indent + cells.map((cell, column) => (align[column] === 'right' ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}
