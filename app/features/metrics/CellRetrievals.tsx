import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SessionAtRetrieval } from '../../components/SessionAtRetrieval';
import { QueryState } from '../../components/QueryState';
import type { MatrixCell } from '../../model/metrics/matrix-cells';
import { formatCount, pluralize } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import type { ExportColumn } from '../../lib/table-export';
import { TableDownload } from '../../components/TableDownload';
import { metricsUrl } from '../../links/metrics';
import { useScreenView } from '../../links/use-screen-view';
import type { MetricSettings } from '../../model/metrics/settings';
import { useDataset } from '../../session/dataset';
import { matrixCellOptions, type MatrixCellRow } from '../../queries/metrics';
import { nextCellSort, readCellSort, sortCellRows, writeCellSort, type CellSort, type CellSortColumn } from './cell-sort';

const CELL_TITLE: Record<MatrixCell, string> = {
  healthy: 'Healthy', downstream: 'Look downstream', visible_failure: 'Visible retrieval failure', masked: 'Masked retrieval failure',
  masked_consumed: 'Masked retrieval failure, consumed', masked_silent: 'Masked retrieval failure, silent',
};
const score = (value: number | null) => (value == null ? '—' : value.toFixed(3));
const scoreValue = (value: number | null) => (value == null ? null : Number(value.toFixed(3)));
const orfSignal = (row: MatrixCellRow) => (row.orf_signals === 'none' ? 'none' : row.orf_signals.replaceAll('_', ' '));

/** The list's columns, in order: header, sort key, and whether it is a number. */
const HEADERS = (k: number): { label: string; column: CellSortColumn; numeric?: boolean }[] => [
  { label: 'retrieval', column: 'retrieval' },
  { label: 'query', column: 'query' },
  { label: 'retriever', column: 'retriever' },
  { label: 'role', column: 'role' },
  { label: 'P@1', column: 'p1', numeric: true },
  { label: `nDCG@${k}`, column: 'ndcg', numeric: true },
  { label: 'ORF signal', column: 'orf' },
  { label: 'session', column: 'session' },
];

const columns = (k: number): ExportColumn<MatrixCellRow>[] => [
  { header: 'retrieval', value: (row) => row.retrieval_id },
  { header: 'query', value: (row) => row.query },
  { header: 'retriever', value: (row) => row.retriever },
  { header: 'role', value: (row) => row.role },
  { header: 'P@1', value: (row) => scoreValue(row.p_at_1) },
  { header: `nDCG@${k}`, value: (row) => scoreValue(row.ndcg_at_k) },
  { header: 'ORF signal', value: orfSignal },
  { header: 'session', value: (row) => row.session_id },
];

const sortTo = (sort: CellSort) => navigate(metricsUrl.changed({ cellSort: writeCellSort(sort) }), { replace: true });

/**
 * The retrievals behind a matrix cell (`total` of them, the matrix's count), computed for the same
 * settings as the matrix. Every column sorts (`cell_sort` in the URL); a session link opens the
 * session at that retrieval, selected in its timeline and graph.
 */
export function CellRetrievals({ cell, total, settings }: { cell: MatrixCell; total: number; settings: MetricSettings }) {
  const rows = useQuery(matrixCellOptions(useDataset(), settings, cell));
  const sort = readCellSort(useScreenView(metricsUrl).cellSort);
  const sorted = useMemo(() => (rows.data ? sortCellRows(rows.data, sort) : []), [rows.data, sort.column, sort.descending]); // eslint-disable-line react-hooks/exhaustive-deps
  const listed = rows.data?.length ?? 0;
  return (
    <div className="cell-retrievals">
      <div className="cell-retrievals-head">
        <h3 className="subhead">
          {CELL_TITLE[cell]} · {pluralize(total, 'retrieval')}
          {rows.data && listed < total ? ` (the first ${formatCount(listed)} in time are listed; a sort orders those)` : ''}
        </h3>
        {rows.data && <TableDownload name={`metrics-${cell.replaceAll('_', '-')}-retrievals`} columns={columns(settings.k)} rows={sorted} />}
      </div>
      <QueryState query={rows} label="the retrievals of this cell" />
      {rows.data && rows.data.length === 0 && <p className="text-soft">No retrieval falls in this cell with these settings.</p>}
      {rows.data && rows.data.length > 0 && (
        <div className="scroll-table">
          <table className="data cell-retrievals-table" aria-label="Retrievals in the cell">
            <thead>
              <tr>
                {HEADERS(settings.k).map(({ label, column, numeric }) => {
                  const active = sort.column === column;
                  return (
                    <th key={column} className={numeric ? 'num' : undefined} aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
                      <button type="button" className="sort-button" onClick={() => sortTo(nextCellSort(sort, column))}>
                        {label}<span aria-hidden className="sort-mark">{active ? (sort.descending ? '▼' : '▲') : ''}</span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {sorted.map((row) => (
                <tr key={row.retrieval_id}>
                  <td className="mono">{row.retrieval_id}</td>
                  <td>{row.query ?? <span className="text-soft">—</span>}</td>
                  <td>{row.retriever ?? <span className="text-soft">—</span>}</td>
                  <td>{row.role}</td>
                  <td className="num">{score(row.p_at_1)}</td>
                  <td className="num">{score(row.ndcg_at_k)}</td>
                  <td>{row.orf_signals === 'none' ? <span className="text-soft">none</span> : orfSignal(row)}</td>
                  <SessionAtRetrieval sessionId={row.session_id} retrievalId={row.retrieval_id} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
