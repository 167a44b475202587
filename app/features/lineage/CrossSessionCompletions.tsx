import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/Link';
import { QueryState } from '../../components/QueryState';
import { formatCount, formatTimestamp } from '../../lib/format';
import { lineageUrl } from '../../links/lineage';
import { sessionsUrl } from '../../links/sessions';
import { nodeId } from '../../model/lineage/graph';
import { useDataset } from '../../queries/dataset';
import { crossSessionCompletionsOptions } from '../../queries/lineage';

/** Completions whose retrieval ran in another session: what session-based attribution calls abandonment. */
export function CrossSessionCompletions() {
  const dataset = useDataset();
  const completions = useQuery({ ...crossSessionCompletionsOptions(dataset), enabled: dataset.engine !== null && dataset.phase === 'ready' });
  const rows = completions.data ?? [];
  const total = rows[0]?.total ?? 0;
  return (
    <section className="panel cross-session" aria-label="Cross-session completions">
      <h2>Cross-session completions <span className="badge soft">{formatCount(total)}</span></h2>
      <p className="text-soft">
        Exports, shares and downloads attributed by lineage to a retrieval of another session (metrics.md, Tier 3 <code>cross_session</code>).
        Counted by session alone, the retrieval's session looks abandoned.
      </p>
      <QueryState query={completions} label="the cross-session completions" />
      {completions.isSuccess && rows.length === 0 && <p className="text-soft">No completion in the loaded logs traces back to another session.</p>}
      {rows.length > 0 && (
        <div className="trace-table-wrap">
          <table className="data" aria-label="Cross-session completions">
            <thead>
              <tr><th>time (UTC)</th><th>completion</th><th>in session</th><th>from retrieval</th><th>of session</th><th>lineage</th><th /></tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.event_id}>
                  <td className="mono nowrap">{formatTimestamp(row.ts)}</td>
                  <td>user {row.action} {row.title ? <>“{row.title}” </> : null}<span className="mono text-soft">{row.consumed_asset_id}</span></td>
                  <td className="mono"><Link href={sessionsUrl.href({ session: row.session_id, node: nodeId.action(row.event_id) })}>{row.session_id}</Link></td>
                  <td><span className="mono">{row.retrieval_id}</span> <span className="text-soft">“{row.query}”</span></td>
                  <td className="mono"><Link href={sessionsUrl.href({ session: row.source_session_id, node: nodeId.retrieval(row.retrieval_id) })}>{row.source_session_id}</Link></td>
                  <td>{row.inherited ? <span className="mark tone-info" title="no source_retrieval_id: inherited through an earlier place">inherited</span> : <span className="mark">given</span>}</td>
                  <td><Link href={lineageUrl.href({ trace: { kind: 'retrieval', id: row.retrieval_id }, node: nodeId.action(row.event_id) })} className="button">Open lineage</Link></td>
                </tr>
              ))}
            </tbody>
          </table>
          {total > rows.length && <p className="text-soft">Showing the first {formatCount(rows.length)} of {formatCount(total)}.</p>}
        </div>
      )}
    </section>
  );
}
