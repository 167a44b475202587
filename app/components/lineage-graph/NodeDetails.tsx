import { LogText } from '../LogText';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatTimestamp, pluralize } from '../../lib/format';
import type { LineageGraph, LineageNode } from '../../model/lineage/graph';
import { lineagePath } from '../../model/lineage/lineage-path';
import { shortTime } from '../../model/lineage/node-text';
import { lineageUrl } from '../../links/lineage';
import { sessionsUrl } from '../../links/sessions';
import { eventRecord } from '../../schema/event-record';
import { useDataset } from '../../session/dataset';
import { graphNodeEventsOptions } from '../../queries/lineage';
import { QueryState } from '../QueryState';
import { Link } from '../Link';

const KIND_LABEL: Record<LineageNode['kind'], string> = {
  retrieval: 'Retrieval', asset: 'Returned asset', fold: 'Unused results', action: 'Action', completion: 'Completion',
};

interface NodeDetailsProps {
  graph: LineageGraph;
  node: LineageNode;
  /** The session on screen, if any: links go to other sessions only. */
  currentSessionId: string | null;
  expanded: ReadonlySet<string>;
  onCollapse(retrievalId: string): void;
  onClose(): void;
}

/** Where the node's lineage comes from (an action) or what it reached (a retrieval, an asset). */
function lineageSummary(graph: LineageGraph, node: LineageNode): string {
  if (node.kind === 'action' || node.kind === 'completion') {
    if (!node.retrievalId) return 'No source: no retrieval supplied this asset.';
    const inheritedFrom = graph.edges.find((edge) => edge.kind === 'inherited' && edge.target === node.id);
    const place = inheritedFrom && graph.nodes.find((n) => n.id === inheritedFrom.source);
    const how = place ? `inherited through the ${place.title} in ${place.sessionId} (${shortTime(place.ts)})` : node.badges.includes('inherited') ? 'inherited' : 'given';
    return `Source ${node.retrievalId}, ${how}.`;
  }
  if (node.kind === 'fold') return '';
  const reached = [...lineagePath(graph, node.id).nodes].map((id) => graph.nodes.find((n) => n.id === id)!).filter((n) => n.kind === 'completion');
  const elsewhere = reached.filter((n) => n.sessionId !== node.sessionId).length;
  return `Lineage reaches ${pluralize(reached.length, 'completion')}${elsewhere ? ` (${elsewhere} in another session)` : ''}.`;
}

/** The selected node: what it is, where its lineage leads, links to follow it, and its raw events. */
export function NodeDetails({ graph, node, currentSessionId, expanded, onCollapse, onClose }: NodeDetailsProps) {
  const dataset = useDataset();
  const events = useQuery(graphNodeEventsOptions(dataset, {
    eventId: node.eventId,
    retrievalId: node.kind === 'retrieval' ? node.retrievalId : null,
    assetId: node.kind === 'asset' ? node.assetId : null,
  }));
  const lineage = useMemo(() => lineageSummary(graph, node), [graph, node]);

  return (
    <section className="node-details" aria-label="Selected node">
      <header className="node-details-head">
        <div>
          <div className="node-details-kind">{KIND_LABEL[node.kind]}{node.external ? ' · another session' : ''}</div>
          <h3><LogText text={node.title} /></h3>
          <div className="text-soft mono"><LogText text={node.subtitle} /></div>
          {node.badges.length > 0 && <div className="node-details-badges">{node.badges.map((badge) => <span key={badge} className={`mark tone-${node.tone}`}>{badge}</span>)}</div>}
        </div>
        <button type="button" className="button subtle" onClick={onClose} aria-label="Close node details">✕</button>
      </header>
      <div className="node-details-links">
        <span className="text-soft" data-testid="node-lineage">{lineage}</span>
        {node.sessionId && node.sessionId !== currentSessionId && (
          <Link href={sessionsUrl.href({ session: node.sessionId, node: node.id })} className="button">Open session <LogText text={node.sessionId} shown={80} more={false} /> →</Link>
        )}
        {node.retrievalId && node.kind === 'retrieval' && <Link href={lineageUrl.href({ trace: { kind: 'retrieval', id: node.retrievalId }, node: node.id })} className="button">Trace this retrieval</Link>}
        {node.assetId && <Link href={lineageUrl.href({ trace: { kind: 'asset', id: node.assetId } })} className="button">Trace <LogText text={node.assetId} shown={80} more={false} /> across sessions</Link>}
        {node.kind === 'retrieval' && node.retrievalId && expanded.has(node.retrievalId) && (
          <button type="button" className="button" onClick={() => onCollapse(node.retrievalId!)}>Fold unused results</button>
        )}
      </div>
      <QueryState query={events} label="the node's events" />
      {events.data?.length === 0 && <p className="text-soft">{node.kind === 'asset' ? 'No catalog entry is loaded for this asset.' : 'No event is loaded for this node.'}</p>}
      {events.data?.map((event) => (
        <div key={event.seq} className="node-event">
          <div className="text-soft">{event.type} · {formatTimestamp(event.ts)} · {event.file ?? `file ${event.file_id}`}, line {event.line}</div>
          <pre className="raw"><LogText text={JSON.stringify(eventRecord(event), null, 2)} shown={4000} /></pre>
        </div>
      ))}
    </section>
  );
}
