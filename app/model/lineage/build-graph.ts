import { nodeId, type LineageEdgeKind, type LineageGraph, type LineageNode } from './graph';
import { actionNode, assetNode, foldNode, retrievalNode, unknownRetrievalNode } from './graph-nodes';
import { bypassedRetrievals } from './node-text';
import { byTime, indexInput, type GraphContext, type GraphOptions } from './context';
import type { LineageActionRow, LineageInput, LineageRetrievalRow } from './rows';
import { sessionLinks } from './session-links';

export type { GraphOptions } from './context';

/**
 * The lineage graph of a set of retrievals and actions (model/lineage/README.md): retrieval →
 * returned asset (rank) → action (actor), inherited lineage from the `place` it came through,
 * re-searches and agent bypasses between retrievals. Only acted-on results are drawn; the rest of
 * each list folds into one node unless the retrieval is in `expanded`.
 */
export function buildLineageGraph(input: LineageInput, options: GraphOptions = {}): LineageGraph {
  const context = indexInput(input, options);
  for (const retrieval of [...context.retrievals.values()].sort(byTime)) addRetrieval(context, retrieval);
  for (const action of context.actions.values()) addAction(context, action);
  addReSearches(context);
  addBypasses(context);
  const nodes = [...context.nodes.values()];
  return { nodes, edges: [...context.edges.values()], sessionLinks: sessionLinks(nodes, context) };
}

function addNode(context: GraphContext, node: LineageNode) {
  if (!context.nodes.has(node.id)) context.nodes.set(node.id, node);
}

function addEdge(context: GraphContext, source: string, target: string, kind: LineageEdgeKind, label: string | null) {
  const id = `${kind}:${source}>${target}`;
  if (!context.edges.has(id)) context.edges.set(id, { id, source, target, kind, label });
}

/** The retrieval, its acted-on (or traced, or all when expanded) results by rank, and a fold for the rest. */
function addRetrieval(context: GraphContext, retrieval: LineageRetrievalRow) {
  const id = retrieval.retrieval_id;
  const list = context.lists.get(id)!;
  addNode(context, retrievalNode(context, retrieval));
  const expanded = context.options.expanded?.has(id) ?? false;
  let folded = 0;
  for (const [assetId, rank] of list.ranks) {
    const shown = expanded || assetId === context.options.focusAssetId || context.actedOn.has(nodeId.asset(id, assetId));
    if (!shown) {
      folded++;
      continue;
    }
    addNode(context, assetNode(context, id, assetId));
    addEdge(context, nodeId.retrieval(id), nodeId.asset(id, assetId), 'returned', `#${rank}`);
  }
  if (folded > 0) {
    addNode(context, foldNode(context, retrieval, folded));
    addEdge(context, nodeId.retrieval(id), nodeId.fold(id), 'folded', null);
  }
}

/** The action under the asset it consumed (or under the place it inherited from), creating what it names. */
function addAction(context: GraphContext, action: LineageActionRow) {
  const source = action.effective_source_retrieval_id;
  const assetId = action.consumed_asset_id;
  if (source === null && assetId === null) return;
  if (source !== null && !context.nodes.has(nodeId.retrieval(source))) addNode(context, unknownRetrievalNode(context, source));
  let parent = nodeId.retrieval(source ?? '');
  let kind: LineageEdgeKind = 'direct';
  if (assetId !== null) {
    parent = nodeId.asset(source, assetId);
    kind = 'consumed';
    if (!context.nodes.has(parent)) {
      addNode(context, assetNode(context, source, assetId));
      if (source !== null) addEdge(context, nodeId.retrieval(source), parent, 'returned', context.retrievals.has(source) ? 'not returned' : null);
    }
  }
  const from = action.inherited ? action.inherited_from_event_id : null;
  if (from !== null && context.actions.has(from)) {
    parent = nodeId.action(from);
    kind = 'inherited';
  }
  addNode(context, actionNode(context, action));
  addEdge(context, parent, nodeId.action(action.event_id), kind, kind === 'inherited' ? 'inherited' : action.actor);
}

/** ORF 2: the retrieval that searched again for the same need, when both are in the graph. */
function addReSearches(context: GraphContext) {
  for (const retrieval of context.retrievals.values()) {
    if (retrieval.rewrite_of && context.retrievals.has(retrieval.rewrite_of)) {
      addEdge(context, nodeId.retrieval(retrieval.rewrite_of), nodeId.retrieval(retrieval.retrieval_id), 're_search', 're-search');
    }
  }
}

/** ORF 3: an agent used an asset no retrieval supplied, though a retrieval of its request returned others. */
function addBypasses(context: GraphContext) {
  for (const action of context.actions.values()) {
    for (const retrieval of bypassedRetrievals(action, context.retrievals.values(), context.lists)) {
      addEdge(context, nodeId.retrieval(retrieval.retrieval_id), nodeId.asset(null, action.consumed_asset_id!), 'bypass', 'bypassed');
    }
  }
}
