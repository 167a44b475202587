import { downloadText } from '../lib/download';
import { toCsv, toJsonl, type ExportColumn } from '../lib/table-export';

/**
 * "CSV" and "JSONL" buttons that save exactly the rows and columns a table shows, as shown.
 * `name` becomes the file name (`<name>.csv`); data-testid `table-download.<name>.<format>`.
 */
export function TableDownload<Row>({ name, columns, rows, label = 'Download' }: {
  name: string;
  columns: readonly ExportColumn<Row>[];
  rows: readonly Row[];
  label?: string;
}) {
  const save = (format: 'csv' | 'jsonl') => {
    const text = format === 'csv' ? toCsv(columns, rows) : toJsonl(columns, rows);
    downloadText(`${name}.${format}`, text, format === 'csv' ? 'text/csv' : 'application/x-ndjson');
  };
  return (
    <span className="table-download" role="group" aria-label={`${label} ${rows.length} rows`}>
      <span className="text-soft">{label}</span>
      <button type="button" className="button subtle small" data-testid={`table-download.${name}.csv`} disabled={rows.length === 0} onClick={() => save('csv')}>CSV</button>
      <button type="button" className="button subtle small" data-testid={`table-download.${name}.jsonl`} disabled={rows.length === 0} onClick={() => save('jsonl')}>JSONL</button>
    </span>
  );
}
