import { useEffect, useRef } from 'react';
import { Link } from '../../components/Link';
import { formatTimestamp } from '../../lib/format';
import { lineageUrl } from '../../links/lineage';
import { sessionsUrl } from '../../links/sessions';
import type { TraceTableRow } from '../../model/lineage/trace';

interface TraceTableProps {
  rows: readonly TraceTableRow[];
  selectedNode: string | null;
  onSelectNode(id: string): void;
}

/** The trace as a table, in time order: the same rows as the graph, for reading and sorting by eye. */
export function TraceTable({ rows, selectedNode, onSelectNode }: TraceTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    const row = [...(body.current?.rows ?? [])].find((element) => element.dataset.nodeId === selectedNode);
    row?.scrollIntoView({ block: 'nearest' });
  }, [selectedNode]);
  return (
    <div className="trace-table-wrap">
      <table className="data trace-table" aria-label="Trace table">
        <thead>
          <tr><th>time (UTC)</th><th>session</th><th>what</th><th>detail</th><th>retrieval</th><th className="num">rank</th><th>flags</th></tr>
        </thead>
        <tbody ref={body}>
          {rows.map((row) => (
            <tr key={row.nodeId} data-node-id={row.nodeId} aria-selected={row.nodeId === selectedNode} className={row.completion ? 'completion' : undefined}
              onClick={() => onSelectNode(row.nodeId)}>
              <td className="mono nowrap">{formatTimestamp(row.ts)}</td>
              <td className="mono">{row.sessionId ? <Link href={sessionsUrl.href({ session: row.sessionId, node: row.nodeId })}>{row.sessionId}</Link> : '—'}</td>
              <td className="nowrap">{row.what}</td>
              <td className="trace-detail">{row.detail}</td>
              <td className="mono">{row.retrievalId ? <Link href={lineageUrl.href({ trace: { kind: 'retrieval', id: row.retrievalId } })}>{row.retrievalId}</Link> : '—'}</td>
              <td className="num">{row.rank === null ? '' : `#${row.rank}`}</td>
              <td>{row.flags.map((flag) => <span key={flag} className={`mark ${flag.startsWith('masked') || flag.startsWith('orphan') ? 'tone-bad' : flag.startsWith('ORF') ? 'tone-warn' : 'tone-info'}`}>{flag}</span>)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
