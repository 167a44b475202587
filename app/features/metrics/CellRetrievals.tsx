import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/QueryState';
import type { MatrixCell } from '../../engine/sql/metrics/retrieval-facts';
import { formatCount, pluralize } from '../../lib/format';
import type { ExportColumn } from '../../lib/table-export';
import { TableDownload } from '../../components/TableDownload';
import { Link } from '../../components/Link';
import { sessionsUrl } from '../../links/sessions';
import type { MetricSettings } from '../../model/metrics/settings';
import { useDataset } from '../../queries/dataset';
import { matrixCellOptions, type MatrixCellRow } from '../../queries/metrics';

const CELL_TITLE: Record<MatrixCell, string> = {
  healthy: 'Healthy', downstream: 'Look downstream', visible_failure: 'Visible retrieval failure', masked: 'Masked retrieval failure',
  masked_consumed: 'Masked retrieval failure, consumed', masked_silent: 'Masked retrieval failure, silent',
};
const score = (value: number | null) => (value == null ? '—' : value.toFixed(3));
const scoreValue = (value: number | null) => (value == null ? null : Number(value.toFixed(3)));
const orfSignal = (row: MatrixCellRow) => (row.orf_signals === 'none' ? 'none' : row.orf_signals.replaceAll('_', ' '));

const columns = (k: number): ExportColumn<MatrixCellRow>[] => [
  { header: 'retrieval', value: (row) => row.retrieval_id },
  { header: 'query', value: (row) => row.query },
  { header: 'role', value: (row) => row.role },
  { header: 'P@1', value: (row) => scoreValue(row.p_at_1) },
  { header: `nDCG@${k}`, value: (row) => scoreValue(row.ndcg_at_k) },
  { header: 'ORF signal', value: orfSignal },
  { header: 'session', value: (row) => row.session_id },
];

/** The retrievals behind a matrix cell (`total` of them, the matrix's count), computed for the same settings as the matrix. */
export function CellRetrievals({ cell, total, settings }: { cell: MatrixCell; total: number; settings: MetricSettings }) {
  const rows = useQuery(matrixCellOptions(useDataset(), settings, cell));
  const listed = rows.data?.length ?? 0;
  return (
    <div className="cell-retrievals">
      <div className="cell-retrievals-head">
        <h3 className="subhead">
          {CELL_TITLE[cell]} · {pluralize(total, 'retrieval')}
          {rows.data && listed < total ? ` (the first ${formatCount(listed)} are listed)` : ''}
        </h3>
        {rows.data && <TableDownload name={`metrics-${cell.replaceAll('_', '-')}-retrievals`} columns={columns(settings.k)} rows={rows.data} />}
      </div>
      <QueryState query={rows} label="the retrievals of this cell" />
      {rows.data && rows.data.length === 0 && <p className="text-soft">No retrieval falls in this cell with these settings.</p>}
      {rows.data && rows.data.length > 0 && (
        <div className="scroll-table">
          <table className="data" aria-label="Retrievals in the cell">
            <thead>
              <tr><th>retrieval</th><th>query</th><th>role</th><th className="num">P@1</th><th className="num">nDCG@{settings.k}</th><th>ORF signal</th><th>session</th></tr>
            </thead>
            <tbody>
              {rows.data.map((row) => (
                <tr key={row.retrieval_id}>
                  <td className="mono">{row.retrieval_id}</td>
                  <td>{row.query ?? '—'}</td>
                  <td>{row.role}</td>
                  <td className="num">{score(row.p_at_1)}</td>
                  <td className="num">{score(row.ndcg_at_k)}</td>
                  <td>{row.orf_signals === 'none' ? <span className="text-soft">none</span> : orfSignal(row)}</td>
                  <td className="mono"><Link href={sessionsUrl.href({ session: row.session_id })}>{row.session_id}</Link></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
