import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LineageGraphView } from '../../components/lineage-graph/LineageGraphView';
import { NodeDetails } from '../../components/lineage-graph/NodeDetails';
import { Link } from '../../components/Link';
import { QueryState } from '../../components/QueryState';
import { TableDownload } from '../../components/TableDownload';
import { pageCount, TablePager } from '../../components/TablePager';
import { formatCount } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { lineageUrl } from '../../links/lineage';
import { useScreenView } from '../../links/use-screen-view';
import { useSharedSettings } from '../../links/use-shared-settings';
import { buildTrace, traceRowCount, type TraceTarget } from '../../model/lineage/trace';
import { useDataset } from '../../session/dataset';
import { traceOptions, traceTableOptions } from '../../queries/lineage';
import { TraceSummary } from './TraceSummary';
import { TRACE_COLUMNS, TraceTable } from './TraceTable';

/** One traced asset or retrieval: its counts over everything, and a page of what it reached as a graph and a table. */
export function TracePanel({ target }: { target: TraceTarget }) {
  const dataset = useDataset();
  const { settings } = useSharedSettings();
  const queryClient = useQueryClient();
  const { page, node: selected } = useScreenView(lineageUrl);
  // A link with a node and no page opens the page holding the node; a selection made here writes the page.
  const trace = useQuery({ ...traceOptions(dataset, target, settings, page, page === null ? selected : null), enabled: dataset.engine !== null && dataset.phase === 'ready' });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const current = trace.data && trace.data.target.kind === target.kind && trace.data.target.id === target.id ? trace.data : undefined;
  const view = useMemo(() => (current ? buildTrace(current, expanded) : null), [current, expanded]);
  const selectedNode = view?.graph.nodes.find((node) => node.id === selected) ?? null;
  const shownPage = current?.page.index ?? page;
  const select = useCallback((node: string | null) => navigate(lineageUrl.changed({ node, page: shownPage })), [shownPage]);
  useEffect(() => {
    // the page a node link opened is the page the next selection names: no second load of it
    if (page === null && current) queryClient.setQueryData(traceOptions(dataset, target, settings, current.page.index).queryKey, current);
  }, [page, current, queryClient, dataset, target, settings]);
  const expand = useCallback((retrievalId: string) => setExpanded((previous) => new Set([...previous, retrievalId])), []);
  const collapse = useCallback((retrievalId: string) => setExpanded((previous) => new Set([...previous].filter((id) => id !== retrievalId))), []);
  const title = current?.assets.find((asset) => asset.asset_id === target.id)?.title;
  const rowCount = view ? traceRowCount(view.totals) : 0;
  const span = view ? { index: view.page.index, size: view.page.size, total: rowCount } : null;
  const loadRows = useCallback(() => queryClient.fetchQuery(traceTableOptions(dataset, target, settings)), [queryClient, dataset, target, settings]);

  return (
    <section className="trace-panel" aria-label={`Trace of ${target.kind} ${target.id}`}>
      <header className="trace-head">
        <h2><span className="text-soft">{target.kind === 'asset' ? 'Asset' : 'Retrieval'}</span> <span className="mono">{target.id}</span>{title ? ` · ${title}` : ''}</h2>
        {view && rowCount > 0 && <TraceSummary kind={target.kind} totals={view.totals} />}
      </header>
      <QueryState query={trace} label="the trace" />
      {view && rowCount === 0 && (
        <div className="empty-state">
          <p>No retrieval returned, and no action consumed, {target.kind === 'asset' ? 'an asset' : 'a retrieval'} with this id.</p>
          <Link href={lineageUrl.href({ trace: { kind: target.kind === 'asset' ? 'retrieval' : 'asset', id: target.id } })}>Trace {target.id} as {target.kind === 'asset' ? 'a retrieval' : 'an asset'} instead</Link>
        </div>
      )}
      {view && span && rowCount > 0 && (
        <>
          <div className="table-bar">
            <TablePager span={span} label="Trace" busy={trace.isPlaceholderData} onPage={(index) => navigate(lineageUrl.changed({ page: index, node: null }))} />
            {pageCount(span) > 1 && <span className="text-soft">The graph and the table show this page, in time order; the counts above are over all {formatCount(rowCount)} rows.</span>}
            <TableDownload name={`trace-${target.kind}-${target.id}`} columns={TRACE_COLUMNS} rows={view.table} total={rowCount} loadRows={loadRows} label="Download all rows" />
          </div>
          <div className={`trace-graph${selectedNode ? ' with-details' : ''}`}>
            <LineageGraphView graph={view.graph} sceneKey={`${target.kind}:${target.id}:${view.page.index}`} selectedId={selected} onSelect={select} onExpand={expand} label="Lineage graph" />
            {selectedNode && (
              <NodeDetails graph={view.graph} node={selectedNode} currentSessionId={null} expanded={expanded} onCollapse={collapse} onClose={() => select(null)} />
            )}
          </div>
          <TraceTable rows={view.table} selectedNode={selected} onSelectNode={select} />
        </>
      )}
    </section>
  );
}
