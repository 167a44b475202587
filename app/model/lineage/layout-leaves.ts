import type { GraphLayout, LayoutEdge, LayoutNode, Point } from './layout';

const MIN_GROUP = 3;
const LEAF_GAP = 8;

interface LeafGroup {
  parent: string;
  block: LayoutNode;
  members: LayoutNode[];
  edges: LayoutEdge[];
}

/**
 * Sibling leaves (nodes whose only edge comes from one parent), three or more, go to dagre as one
 * block: a retrieval's expanded list is a column of leaves, and dagre's cost grows with every
 * node it orders. The members are stacked in edge (rank) order inside the block afterwards.
 */
export function groupLeaves(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): { nodes: LayoutNode[]; edges: LayoutEdge[]; groups: LeafGroup[] } {
  const incoming = new Map<string, number>();
  const outgoing = new Map<string, number>();
  for (const edge of edges) {
    incoming.set(edge.target, (incoming.get(edge.target) ?? 0) + 1);
    outgoing.set(edge.source, (outgoing.get(edge.source) ?? 0) + 1);
  }
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const leafEdges = new Map<string, LayoutEdge[]>();
  for (const edge of edges) {
    if (incoming.get(edge.target) !== 1 || outgoing.has(edge.target) || edge.source === edge.target) continue;
    leafEdges.set(edge.source, [...(leafEdges.get(edge.source) ?? []), edge]);
  }
  const groups: LeafGroup[] = [];
  const grouped = new Set<string>();
  for (const [parent, group] of leafEdges) {
    if (group.length < MIN_GROUP) continue;
    const members = group.map((edge) => byId.get(edge.target)!);
    const height = members.reduce((sum, member) => sum + member.height, 0) + LEAF_GAP * (members.length - 1);
    const block = { id: `\u0000leaves:${parent}`, width: Math.max(...members.map((member) => member.width)), height };
    groups.push({ parent, block, members, edges: group });
    for (const edge of group) grouped.add(edge.id);
  }
  const memberIds = new Set(groups.flatMap((group) => group.members.map((member) => member.id)));
  return {
    nodes: [...nodes.filter((node) => !memberIds.has(node.id)), ...groups.map((group) => group.block)],
    edges: [
      ...edges.filter((edge) => !grouped.has(edge.id)),
      ...groups.map((group) => ({ id: group.block.id, source: group.parent, target: group.block.id })),
    ],
    groups,
  };
}

/** Replaces each block of a finished layout by its members, stacked, each with an edge from the parent. */
export function expandLeaves(layout: GraphLayout, groups: readonly LeafGroup[]): GraphLayout {
  for (const group of groups) {
    const block = layout.nodes[group.block.id];
    const parent = layout.nodes[group.parent];
    delete layout.nodes[group.block.id];
    delete layout.edges[group.block.id];
    let y = block.y;
    group.members.forEach((member, index) => {
      const placed = { x: block.x, y, width: member.width, height: member.height };
      layout.nodes[member.id] = placed;
      const start: Point = { x: parent.x + parent.width, y: parent.y + parent.height / 2 };
      layout.edges[group.edges[index].id] = [start, { x: placed.x, y: placed.y + placed.height / 2 }];
      y += member.height + LEAF_GAP;
    });
  }
  return layout;
}
