import { useEffect, useRef } from 'react';
import { Link } from '../../components/Link';
import { formatTimestamp } from '../../lib/format';
import type { ExportColumn } from '../../lib/table-export';
import { lineageUrl } from '../../links/lineage';
import { sessionsUrl } from '../../links/sessions';
import type { TraceTableRow } from '../../model/lineage/trace';

interface TraceTableProps {
  rows: readonly TraceTableRow[];
  selectedNode: string | null;
  onSelectNode(id: string): void;
}

const rankText = (rank: number | null) => (rank === null ? '' : `#${rank}`);

/** The columns as the table shows them; a download writes the same (the rank as a plain number). */
export const TRACE_COLUMNS: readonly ExportColumn<TraceTableRow>[] = [
  { header: 'time (UTC)', value: (row) => formatTimestamp(row.ts) },
  { header: 'session', value: (row) => row.sessionId },
  { header: 'what', value: (row) => row.what },
  { header: 'detail', value: (row) => row.detail },
  { header: 'retrieval', value: (row) => row.retrievalId },
  { header: 'rank', value: (row) => row.rank },
  { header: 'flags', value: (row) => row.flags.join(', ') },
];

const flagTone = (flag: string) => (flag.startsWith('masked') || flag.startsWith('orphan') ? 'tone-bad' : flag.startsWith('ORF') ? 'tone-warn' : 'tone-info');

/** One page of the trace as a table, in time order: the same rows as the graph. */
export function TraceTable({ rows, selectedNode, onSelectNode }: TraceTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    const row = [...(body.current?.rows ?? [])].find((element) => element.dataset.nodeId === selectedNode);
    row?.scrollIntoView({ block: 'nearest' });
  }, [selectedNode, rows]);
  return (
    <div className="trace-table-wrap">
      <table className="data trace-table" aria-label="Trace table">
        <thead>
          <tr>{TRACE_COLUMNS.map((column) => <th key={column.header} className={column.header === 'rank' ? 'num' : undefined}>{column.header}</th>)}</tr>
        </thead>
        <tbody ref={body}>
          {rows.map((row) => (
            <tr key={row.nodeId} data-node-id={row.nodeId} aria-selected={row.nodeId === selectedNode} className={row.completion ? 'completion' : undefined}
              onClick={() => onSelectNode(row.nodeId)}>
              <td className="mono nowrap">{formatTimestamp(row.ts)}</td>
              <td className="mono">{row.sessionId ? <Link href={sessionsUrl.href({ session: row.sessionId, node: row.nodeId })}>{row.sessionId}</Link> : ''}</td>
              <td className="nowrap">{row.what}</td>
              <td className="trace-detail" title={row.detail}>{row.detail}</td>
              <td className="mono">{row.retrievalId ? <Link href={lineageUrl.href({ trace: { kind: 'retrieval', id: row.retrievalId } })}>{row.retrievalId}</Link> : ''}</td>
              <td className="num">{rankText(row.rank)}</td>
              <td>{row.flags.map((flag) => <span key={flag} className={`mark ${flagTone(flag)}`}>{flag}</span>)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
