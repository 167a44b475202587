import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useFactSettings } from '../../components/lineage-graph/fact-settings';
import { LineageGraphView } from '../../components/lineage-graph/LineageGraphView';
import { NodeDetails } from '../../components/lineage-graph/NodeDetails';
import { Link } from '../../components/Link';
import { QueryState } from '../../components/QueryState';
import { formatCount, pluralize } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { lineageUrl } from '../../links/lineage';
import { useScreenView } from '../../links/use-screen-view';
import { buildTrace, type TraceTarget } from '../../model/lineage/trace';
import { useDataset } from '../../queries/dataset';
import { traceOptions } from '../../queries/lineage';
import { TraceTable } from './TraceTable';

/** One traced asset or retrieval: what it reached, as a graph and as a table. */
export function TracePanel({ target }: { target: TraceTarget }) {
  const dataset = useDataset();
  const settings = useFactSettings();
  const trace = useQuery({ ...traceOptions(dataset, target, settings), enabled: dataset.engine !== null && dataset.phase === 'ready' });
  const selected = useScreenView(lineageUrl).node;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const current = trace.data && trace.data.target.kind === target.kind && trace.data.target.id === target.id ? trace.data : undefined;
  const view = useMemo(() => (current ? buildTrace(current, expanded) : null), [current, expanded]);
  const selectedNode = view?.graph.nodes.find((node) => node.id === selected) ?? null;
  const select = useCallback((node: string | null) => navigate(lineageUrl.changed({ node })), []);
  const expand = useCallback((retrievalId: string) => setExpanded((previous) => new Set([...previous, retrievalId])), []);
  const collapse = useCallback((retrievalId: string) => setExpanded((previous) => new Set([...previous].filter((id) => id !== retrievalId))), []);
  const title = current?.assets.find((asset) => asset.asset_id === target.id)?.title;
  const empty = view && view.table.length === 0;

  return (
    <section className="trace-panel" aria-label={`Trace of ${target.kind} ${target.id}`}>
      <header className="trace-head">
        <h2><span className="text-soft">{target.kind === 'asset' ? 'Asset' : 'Retrieval'}</span> <span className="mono">{target.id}</span>{title ? ` · ${title}` : ''}</h2>
        {view && !empty && (
          <p className="trace-summary" data-testid="trace-summary">
            {target.kind === 'asset' ? 'Returned by ' : ''}{pluralize(view.summary.retrievals, 'retrieval')} in {pluralize(view.summary.sessions, 'session')} ·{' '}
            {pluralize(view.summary.actions, 'action')} · {pluralize(view.summary.completions, 'completion')} ({formatCount(view.summary.crossSessionCompletions)} cross-session)
            {view.summary.retrievalsShown < view.summary.retrievals && <strong> · drawing the first {formatCount(view.summary.retrievalsShown)} retrievals</strong>}
          </p>
        )}
      </header>
      <QueryState query={trace} label="the trace" />
      {empty && (
        <div className="empty-state">
          <p>No retrieval returned, and no action consumed, {target.kind === 'asset' ? 'an asset' : 'a retrieval'} with this id.</p>
          <Link href={lineageUrl.href({ trace: { kind: target.kind === 'asset' ? 'retrieval' : 'asset', id: target.id } })}>Trace {target.id} as {target.kind === 'asset' ? 'a retrieval' : 'an asset'} instead</Link>
        </div>
      )}
      {view && !empty && (
        <>
          <div className={`trace-graph${selectedNode ? ' with-details' : ''}`}>
            <LineageGraphView graph={view.graph} sceneKey={`${target.kind}:${target.id}`} selectedId={selected} onSelect={select} onExpand={expand} label="Lineage graph" />
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
