import { formatCount } from '../../lib/format';
import type { RejectedItem } from '../../queries/rejected';
import { REJECTION_REASONS, type RejectionReason } from '../../schema/rejection';

const SHOWN = 1000;

export function RejectedTable({ rows }: { rows: RejectedItem[] }) {
  return (
    <>
      <table className="data rejected-table" aria-label="Rejected rows">
        <thead>
          <tr><th>file</th><th className="num">line</th><th>kind</th><th>reason</th><th>field</th><th>message</th><th>raw text</th></tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((row) => (
            <tr key={`${row.severity}:${row.file_id}:${row.line}:${row.field}`}>
              <td className="mono">{row.file}</td>
              <td className="num">{row.line}</td>
              <td><span className={`badge ${row.severity === 'rejected' ? 'bad' : 'warn'}`}>{row.severity}</span></td>
              <td title={row.reason}>{REJECTION_REASONS[row.reason as RejectionReason] ?? row.reason}</td>
              <td className="mono">{row.field ?? '—'}</td>
              <td>{row.message}</td>
              <td><code className="raw-cell">{row.raw || '(empty)'}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN && (
        <p className="text-soft">Showing the first {formatCount(SHOWN)} of {formatCount(rows.length)} matching rows; narrow the filters, or download them all as JSONL.</p>
      )}
    </>
  );
}
