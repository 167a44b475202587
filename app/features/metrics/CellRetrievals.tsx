import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/QueryState';
import type { MatrixCell } from '../../engine/sql/metrics/retrieval-facts';
import { formatCount } from '../../lib/format';
import { Link } from '../../components/Link';
import { sessionsUrl } from '../../links/sessions';
import type { MetricSettings } from '../../model/metrics/settings';
import { useDataset } from '../../queries/dataset';
import { matrixCellOptions } from '../../queries/metrics';

const CELL_TITLE: Record<MatrixCell, string> = {
  healthy: 'Healthy', downstream: 'Look downstream', visible_failure: 'Visible retrieval failure', masked: 'Masked retrieval failure',
  masked_consumed: 'Masked retrieval failure, consumed', masked_silent: 'Masked retrieval failure, silent',
};
const score = (value: number | null) => (value == null ? '—' : value.toFixed(3));

export function CellRetrievals({ cell, settings }: { cell: MatrixCell; settings: MetricSettings }) {
  const rows = useQuery(matrixCellOptions(useDataset(), settings, cell));
  return (
    <div className="cell-retrievals">
      <h3 className="subhead">{CELL_TITLE[cell]} · {rows.data ? `${formatCount(rows.data.length)} retrievals${rows.data.length === 1000 ? ' (first 1,000)' : ''}` : '…'}</h3>
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
                  <td>{row.orf_signals === 'none' ? <span className="text-soft">none</span> : row.orf_signals.replaceAll('_', ' ')}</td>
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
