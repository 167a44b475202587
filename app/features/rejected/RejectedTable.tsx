import { LogText } from '../../components/LogText';
import { TableDownload } from '../../components/TableDownload';
import { TablePager, type PageSpan } from '../../components/TablePager';
import { formatCount } from '../../lib/format';
import type { ExportColumn } from '../../lib/table-export';
import { rejectedFileText, rejectedReasonText } from '../../model/rejected/cells';
import type { RejectedItem } from '../../queries/rejected';
import { reasonText as reasonWords } from '../../schema/rejection';

/** The columns as shown, which a download writes; "—" and "(empty)" stand for nothing and are written as empty cells. */
const COLUMNS: readonly ExportColumn<RejectedItem>[] = [
  { header: 'file', value: rejectedFileText },
  { header: 'line', value: (row) => row.line },
  { header: 'kind', value: (row) => row.severity },
  { header: 'reason', value: (row) => rejectedReasonText(row.reason) },
  { header: 'field', value: (row) => row.field },
  { header: 'message', value: (row) => row.message },
  { header: 'raw text', value: (row) => row.raw },
];

/**
 * One page of the rows the filters keep (`span` places it among them); the download reads the pages itself.
 * Any field of a row may be null (a warning on a label given here has no file nor line): such a cell shows "—".
 */
export function RejectedTable({ rows, span, busy, onPage, loadRows, downloadRows }: {
  rows: RejectedItem[];
  span: PageSpan;
  busy: boolean;
  onPage(index: number): void;
  loadRows(): Promise<readonly RejectedItem[]>;
  /** How many rows the download holds: every matching row, up to a limit. */
  downloadRows: number;
}) {
  return (
    <>
      <div className="table-bar">
        <TablePager span={span} label="Rejected rows" busy={busy} onPage={onPage} />
        <TableDownload name="rejected-rows" columns={COLUMNS} rows={rows} total={downloadRows} loadRows={loadRows}
          label={downloadRows < span.total ? `Download the first ${formatCount(downloadRows)} matching rows` : 'Download all matching rows'} />
      </div>
      <table className="data rejected-table" aria-label="Rejected rows">
        <thead>
          <tr>{COLUMNS.map((column) => <th key={column.header} className={column.header === 'line' ? 'num' : undefined}>{column.header}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${span.index}:${index}`}>
              <td className={row.file === null ? undefined : 'mono'}><LogText text={rejectedFileText(row)} /></td>
              <td className="num">{row.line ?? '—'}</td>
              <td><span className={`badge ${row.severity === 'rejected' ? 'bad' : 'warn'}`}>{row.severity}</span></td>
              <td title={row.reason ?? undefined}>{row.reason === null ? '—' : <>{reasonWords(row.reason)} <span className="mono text-soft">({row.reason})</span></>}</td>
              <td className="mono"><LogText text={row.field} /></td>
              <td><LogText text={row.message} /></td>
              <td><code className="raw-cell">{row.raw ? <LogText text={row.raw} /> : '(empty)'}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
