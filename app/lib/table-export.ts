/** One column of a table as it is downloaded: its header and the value of a row, as shown. */
export interface ExportColumn<Row> {
  header: string;
  value(row: Row): string | number | boolean | null;
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * first: the OWASP CSV-injection list) gets a leading apostrophe, so it opens as text.
 * Numbers are written as numbers: a negative number is data, not a formula.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const csvCell = (value: string | number | boolean | null): string => {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = neutralizeCell(value);
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** RFC 4180 CSV with a header row, CRLF line ends. */
export function toCsv<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** One JSON object per row, keyed by the column headers, values as shown (no neutralizing: JSON is not run). */
export function toJsonl<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): string {
  return rows.map((row) => JSON.stringify(Object.fromEntries(columns.map((column) => [column.header, column.value(row)])))).join('\n') + (rows.length ? '\n' : '');
}
