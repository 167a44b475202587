import type { GraphContext } from './context';
import type { LineageNode, SessionLink } from './graph';

/**
 * The other sessions a lineage reaches, grouped: "continues" where an action of another session
 * traces back to a retrieval of the focus session (an export two days later), "comes_from" where
 * the focus session's lineage starts in another session (a retrieval or the place it inherited).
 */
export function sessionLinks(nodes: readonly LineageNode[], context: GraphContext): SessionLink[] {
  const focus = context.options.focusSessionId;
  if (!focus) return [];
  const links = new Map<string, SessionLink>();
  for (const node of nodes) {
    if (!node.external || node.sessionId === null || !['retrieval', 'action', 'completion'].includes(node.kind)) continue;
    const sourceSession = node.retrievalId === null ? null : context.retrievals.get(node.retrievalId)?.session_id;
    const relation = node.kind !== 'retrieval' && sourceSession === focus ? 'continues' : 'comes_from';
    const key = `${relation}/${node.sessionId}`;
    const link = links.get(key) ?? { sessionId: node.sessionId, relation, firstTs: node.ts, nodeIds: [], what: [] };
    link.nodeIds.push(node.id);
    if ((node.ts ?? Infinity) < (link.firstTs ?? Infinity)) link.firstTs = node.ts;
    const what = node.kind === 'retrieval' ? 'retrieval' : node.title;
    if (!link.what.includes(what)) link.what.push(what);
    links.set(key, link);
  }
  return [...links.values()].sort((a, b) => (a.firstTs ?? Infinity) - (b.firstTs ?? Infinity) || a.sessionId.localeCompare(b.sessionId));
}
