import type { LineageEdge, LineageEdgeKind, LineageGraph } from './graph';

/** Edges that carry lineage; re-search and bypass edges relate retrievals but pass nothing on. */
const LINEAGE_EDGES: ReadonlySet<LineageEdgeKind> = new Set(['returned', 'folded', 'consumed', 'inherited', 'direct']);

export interface LineagePath {
  nodes: Set<string>;
  edges: Set<string>;
}

/**
 * A node's lineage: back to the retrieval that supplied it and forward to every action and
 * completion it led to, with the edges between them.
 */
export function lineagePath(graph: LineageGraph, startId: string): LineagePath {
  const outgoing = new Map<string, LineageEdge[]>();
  const incoming = new Map<string, LineageEdge[]>();
  const add = (index: Map<string, LineageEdge[]>, key: string, edge: LineageEdge) => {
    const list = index.get(key);
    if (list) list.push(edge);
    else index.set(key, [edge]);
  };
  for (const edge of graph.edges) {
    if (!LINEAGE_EDGES.has(edge.kind)) continue;
    add(outgoing, edge.source, edge);
    add(incoming, edge.target, edge);
  }
  const path: LineagePath = { nodes: new Set([startId]), edges: new Set() };
  const walk = (index: Map<string, LineageEdge[]>, next: (edge: LineageEdge) => string) => {
    const queue = [startId];
    const seen = new Set(queue);
    while (queue.length) {
      for (const edge of index.get(queue.pop()!) ?? []) {
        path.edges.add(edge.id);
        const node = next(edge);
        path.nodes.add(node);
        if (!seen.has(node)) {
          seen.add(node);
          queue.push(node);
        }
      }
    }
  };
  walk(outgoing, (edge) => edge.target);
  walk(incoming, (edge) => edge.source);
  return path;
}
