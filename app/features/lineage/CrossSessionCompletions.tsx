import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/Link';
import { QueryState } from '../../components/QueryState';
import { TableDownload } from '../../components/TableDownload';
import { TablePager, useRowPages } from '../../components/TablePager';
import type { CrossSessionCompletionRow } from '../../engine/sql/trace';
import { formatCount, formatTimestamp } from '../../lib/format';
import type { ExportColumn } from '../../lib/table-export';
import { lineageUrl } from '../../links/lineage';
import { sessionsUrl } from '../../links/sessions';
import { nodeId } from '../../model/lineage/graph';
import { useDataset } from '../../session/dataset';
import { crossSessionCompletionsOptions } from '../../queries/lineage';

const PAGE_ROWS = 100;

const completionText = (row: CrossSessionCompletionRow) => `user ${row.action} ${row.title ? `“${row.title}” ` : ''}${row.consumed_asset_id ?? ''}`.trim();
const retrievalText = (row: CrossSessionCompletionRow) => `${row.retrieval_id} “${row.query ?? ''}”`;
const lineageText = (row: CrossSessionCompletionRow) => (row.inherited ? 'inherited' : 'given');

/** The table's data columns as shown, which a download writes (the "Open lineage" buttons aside). */
const COLUMNS: readonly ExportColumn<CrossSessionCompletionRow>[] = [
  { header: 'time (UTC)', value: (row) => formatTimestamp(row.ts) },
  { header: 'completion', value: completionText },
  { header: 'in session', value: (row) => row.session_id },
  { header: 'from retrieval', value: retrievalText },
  { header: 'of session', value: (row) => row.source_session_id },
  { header: 'lineage', value: lineageText },
];

/** Completions whose retrieval ran in another session: what session-based attribution calls abandonment. */
export function CrossSessionCompletions() {
  const dataset = useDataset();
  const completions = useQuery({ ...crossSessionCompletionsOptions(dataset), enabled: dataset.engine !== null && dataset.phase === 'ready' });
  const rows = completions.data ?? [];
  const { span, pageRows, setPage } = useRowPages(rows, PAGE_ROWS);
  return (
    <section className="panel cross-session" aria-label="Cross-session completions">
      <h2>Cross-session completions <span className="badge soft">{formatCount(rows.length)}</span></h2>
      <p className="text-soft">
        Exports, shares and downloads that lineage attributes to a retrieval of another session. Counted by session alone,
        the retrieval's session looks abandoned.
      </p>
      <QueryState query={completions} label="the cross-session completions" />
      {completions.isSuccess && rows.length === 0 && <p className="text-soft">No completion in the loaded logs traces back to another session.</p>}
      {rows.length > 0 && (
        <>
          <div className="table-bar">
            <TablePager span={span} label="Cross-session completions" onPage={setPage} />
            <TableDownload name="cross-session-completions" columns={COLUMNS} rows={rows} label="Download all rows" />
          </div>
          <div className="trace-table-wrap">
            <table className="data" aria-label="Cross-session completions">
              <thead>
                <tr>{COLUMNS.map((column) => <th key={column.header}>{column.header}</th>)}<th><span className="visually-hidden">open</span></th></tr>
              </thead>
              <tbody>
                {pageRows.map((row) => (
                  <tr key={row.event_id}>
                    <td className="mono nowrap">{formatTimestamp(row.ts)}</td>
                    <td>user {row.action} {row.title ? <>“{row.title}” </> : null}<span className="mono text-soft">{row.consumed_asset_id}</span></td>
                    <td className="mono"><Link href={sessionsUrl.href({ session: row.session_id, node: nodeId.action(row.event_id) })}>{row.session_id}</Link></td>
                    <td><span className="mono">{row.retrieval_id}</span> <span className="text-soft">“{row.query ?? ''}”</span></td>
                    <td className="mono"><Link href={sessionsUrl.href({ session: row.source_session_id, node: nodeId.retrieval(row.retrieval_id) })}>{row.source_session_id}</Link></td>
                    <td>{row.inherited ? <span className="mark tone-info" title="no source_retrieval_id: inherited through an earlier place">inherited</span> : <span className="mark">given</span>}</td>
                    <td><Link href={lineageUrl.href({ trace: { kind: 'retrieval', id: row.retrieval_id }, node: nodeId.action(row.event_id) })} className="button">Open lineage</Link></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
