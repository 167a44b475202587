import { terminalText } from './terminal-text';

export type Align = 'left' | 'right';

/** East Asian wide and fullwidth characters take two columns of a terminal (Unicode's East_Asian_Width W and F, in the main ranges). */
const WIDE = /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]/gu;

/** The columns a text takes in a terminal: one per code point, two for a wide one. */
export function displayWidth(text: string): number {
  return Array.from(text).length + (text.match(WIDE)?.length ?? 0);
}

const pad = (cell: string, width: number, align: Align) => {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(cell)));
  return align === 'right' ? fill + cell : cell + fill;
};

/** Rows of cells as lines padded into columns, two spaces apart; controls in a cell are escaped before it is measured. */
export function formatTable(rawHeader: string[], rawRows: string[][], align: Align[], indent = '  '): string[] {
  const header = rawHeader.map(terminalText);
  const rows = rawRows.map((row) => row.map(terminalText));
  const widths = header.map((cell, column) => Math.max(displayWidth(cell), ...rows.map((row) => displayWidth(row[column]))));
  const line = (cells: string[]) => indent + cells.map((cell, column) => pad(cell, widths[column], align[column])).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}
