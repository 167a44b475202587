import { useQuery } from '@tanstack/react-query';
import { SessionAtRetrieval } from '../../../components/SessionAtRetrieval';
import { QueryState } from '../../../components/QueryState';
import { TableDownload } from '../../../components/TableDownload';
import type { SliceRetrievalRow } from '../../../engine/sql/explain/slice-counts';
import { formatCount } from '../../../lib/format';
import type { ExportColumn } from '../../../lib/table-export';
import { SIGNAL_NAMES, type ExplainSignal } from '../../../model/explain/signals';
import { sliceName, type ExplainSlice } from '../../../model/explain/slices';
import type { MetricSettings } from '../../../model/metrics/settings';
import { useDataset } from '../../../session/dataset';
import { sliceRetrievalsOptions } from '../../../queries/explain';

const COLUMNS: ExportColumn<SliceRetrievalRow>[] = [
  { header: 'retrieval', value: (row) => row.retrieval_id },
  { header: 'signal', value: (row) => (row.hit ? 'yes' : 'no') },
  { header: 'query', value: (row) => row.query },
  { header: 'retriever', value: (row) => row.retriever },
  { header: 'role', value: (row) => row.role },
  { header: 'session', value: (row) => row.session_id },
];

/** The retrievals of one slice, those with the signal first; each opens its session at that retrieval. */
export function SliceRetrievals({ signal, slice, settings }: { signal: ExplainSignal; slice: ExplainSlice; settings: MetricSettings }) {
  const rows = useQuery(sliceRetrievalsOptions(useDataset(), settings, signal, slice.slice));
  const name = sliceName(slice.slice);
  return (
    <div className="cell-retrievals" data-testid="why-here.slice-retrievals">
      <div className="cell-retrievals-head">
        <h3 className="subhead why-here-slice-title">
          {name} · {formatCount(slice.n)} retrievals, {formatCount(slice.hits)} {SIGNAL_NAMES[signal].title.toLowerCase()} first
          {rows.data && rows.data.length < slice.n ? ` (the first ${formatCount(rows.data.length)} listed)` : ''}
        </h3>
        {rows.data && <TableDownload name={`why-here-${signal}-slice`} columns={COLUMNS} rows={rows.data} />}
      </div>
      <QueryState query={rows} label="the retrievals of this slice" />
      {rows.data && (
        <div className="scroll-table">
          <table className="data" aria-label={`Retrievals of ${name}`}>
            <thead><tr><th>retrieval</th><th>{signal}</th><th>query</th><th>retriever</th><th>role</th><th>session</th></tr></thead>
            <tbody>
              {rows.data.map((row) => (
                <tr key={row.retrieval_id}>
                  <td className="mono">{row.retrieval_id}</td>
                  <td>{row.hit ? <strong>yes</strong> : <span className="text-soft">no</span>}</td>
                  <td>{row.query ?? <span className="text-soft">—</span>}</td>
                  <td>{row.retriever}</td>
                  <td>{row.role}</td>
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
