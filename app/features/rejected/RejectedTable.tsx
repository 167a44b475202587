import { TableDownload } from '../../components/TableDownload';
import { TablePager, useRowPages } from '../../components/TablePager';
import type { ExportColumn } from '../../lib/table-export';
import type { RejectedItem } from '../../queries/rejected';
import { REJECTION_REASONS, type RejectionReason } from '../../schema/rejection';

const PAGE_ROWS = 200;

const reasonText = (row: RejectedItem) => `${REJECTION_REASONS[row.reason as RejectionReason] ?? row.reason} (${row.reason})`;

/** The columns as shown, which a download writes; "—" and "(empty)" stand for nothing and are written as empty cells. */
const COLUMNS: readonly ExportColumn<RejectedItem>[] = [
  { header: 'file', value: (row) => row.file },
  { header: 'line', value: (row) => row.line },
  { header: 'kind', value: (row) => row.severity },
  { header: 'reason', value: reasonText },
  { header: 'field', value: (row) => row.field },
  { header: 'message', value: (row) => row.message },
  { header: 'raw text', value: (row) => row.raw },
];

/** The rows the filters keep, a page at a time; the download holds every page. */
export function RejectedTable({ rows }: { rows: RejectedItem[] }) {
  const { span, pageRows, setPage } = useRowPages(rows, PAGE_ROWS);
  return (
    <>
      <div className="table-bar">
        <TablePager span={span} label="Rejected rows" onPage={setPage} />
        <TableDownload name="rejected-rows" columns={COLUMNS} rows={rows} label="Download all matching rows" />
      </div>
      <table className="data rejected-table" aria-label="Rejected rows">
        <thead>
          <tr>{COLUMNS.map((column) => <th key={column.header} className={column.header === 'line' ? 'num' : undefined}>{column.header}</th>)}</tr>
        </thead>
        <tbody>
          {pageRows.map((row) => (
            <tr key={`${row.severity}:${row.file_id}:${row.line}:${row.field}`}>
              <td className="mono">{row.file}</td>
              <td className="num">{row.line}</td>
              <td><span className={`badge ${row.severity === 'rejected' ? 'bad' : 'warn'}`}>{row.severity}</span></td>
              <td title={row.reason}>{REJECTION_REASONS[row.reason as RejectionReason] ?? row.reason} <span className="mono text-soft">({row.reason})</span></td>
              <td className="mono">{row.field ?? '—'}</td>
              <td>{row.message}</td>
              <td><code className="raw-cell">{row.raw || '(empty)'}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
