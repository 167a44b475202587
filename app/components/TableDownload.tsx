import { useState } from 'react';
import { downloadText } from '../lib/download';
import { pluralize } from '../lib/format';
import { toCsv, toJsonl, type ExportColumn } from '../lib/table-export';

/**
 * "CSV" and "JSONL" buttons that save exactly the rows and columns a table shows, as shown.
 * `name` becomes the file name (`<name>.csv`); data-testid `table-download.<name>.<format>`.
 * A table that reads one page at a time passes `loadRows` (every row, in the table's order) and
 * `total`: the download is then every page, not only the one on screen.
 */
export function TableDownload<Row>({ name, columns, rows, loadRows, total, label = 'Download' }: {
  name: string;
  columns: readonly ExportColumn<Row>[];
  rows: readonly Row[];
  loadRows?: () => Promise<readonly Row[]>;
  total?: number;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const count = total ?? rows.length;
  const save = async (format: 'csv' | 'jsonl') => {
    setBusy(true);
    try {
      const all = loadRows ? await loadRows() : rows;
      const text = format === 'csv' ? toCsv(columns, all) : toJsonl(columns, all);
      downloadText(`${name}.${format}`, text, format === 'csv' ? 'text/csv' : 'application/x-ndjson');
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="table-download" role="group" aria-label={`${label} ${pluralize(count, 'row')}`} aria-busy={busy}>
      <span className="text-soft">{label}</span>
      <button type="button" className="button subtle small" data-testid={`table-download.${name}.csv`} disabled={count === 0 || busy} onClick={() => void save('csv')}>CSV</button>
      <button type="button" className="button subtle small" data-testid={`table-download.${name}.jsonl`} disabled={count === 0 || busy} onClick={() => void save('jsonl')}>JSONL</button>
    </span>
  );
}
