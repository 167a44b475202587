import type { GraphLayout, LayoutEdge, LayoutNode, PlacedNode } from './layout';

const COLUMN_GAP = 52;
const ROW_GAP = 14;

/**
 * A plain layered layout for what dagre cannot take (very long chains): each node in the column
 * of its longest path from a source, in input order within a column, edges drawn straight.
 */
export function layeredFallback(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): GraphLayout {
  const layer = new Map(nodes.map((node) => [node.id, 0]));
  const incoming = new Map(nodes.map((node) => [node.id, 0]));
  const outgoing = new Map<string, string[]>();
  for (const edge of edges) {
    incoming.set(edge.target, incoming.get(edge.target)! + 1);
    outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge.target]);
  }
  const queue = nodes.filter((node) => incoming.get(node.id) === 0).map((node) => node.id);
  while (queue.length) {
    const id = queue.shift()!;
    for (const target of outgoing.get(id) ?? []) {
      layer.set(target, Math.max(layer.get(target)!, layer.get(id)! + 1));
      incoming.set(target, incoming.get(target)! - 1);
      if (incoming.get(target) === 0) queue.push(target);
    }
  }
  const columnWidth: number[] = [];
  for (const node of nodes) columnWidth[layer.get(node.id)!] = Math.max(columnWidth[layer.get(node.id)!] ?? 0, node.width);
  const columnX: number[] = [];
  for (let column = 0; column < columnWidth.length; column++) {
    columnX[column] = column === 0 ? 0 : columnX[column - 1] + columnWidth[column - 1] + COLUMN_GAP;
  }
  const columnY: number[] = [];
  const placed: Record<string, PlacedNode> = {};
  for (const node of nodes) {
    const column = layer.get(node.id)!;
    const y = columnY[column] ?? 0;
    placed[node.id] = { x: columnX[column], y, width: node.width, height: node.height };
    columnY[column] = y + node.height + ROW_GAP;
  }
  const routes: GraphLayout['edges'] = {};
  for (const edge of edges) {
    const from = placed[edge.source];
    const to = placed[edge.target];
    routes[edge.id] = [{ x: from.x + from.width, y: from.y + from.height / 2 }, { x: to.x, y: to.y + to.height / 2 }];
  }
  const width = columnWidth.length ? columnX[columnX.length - 1] + columnWidth[columnWidth.length - 1] : 0;
  return { nodes: placed, edges: routes, width, height: Math.max(0, ...columnY.map((y) => y - ROW_GAP)) };
}
