import dagre from '@dagrejs/dagre';
import { withBounds } from './layout-bounds';
import { layeredFallback } from './layout-fallback';
import { expandLeaves, groupLeaves } from './layout-leaves';
import { packComponents, type PackTarget } from './pack';

export interface LayoutNode {
  id: string;
  width: number;
  height: number;
}

export interface LayoutEdge {
  id: string;
  source: string;
  target: string;
}

export interface Point {
  x: number;
  y: number;
}

/** A laid-out node: its top-left corner and size, in graph units. */
export interface PlacedNode {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GraphLayout {
  nodes: Record<string, PlacedNode>;
  /** Each edge as a polyline from its source's border to its target's. */
  edges: Record<string, Point[]>;
  width: number;
  height: number;
}

/** Above this many nodes a component gets dagre's cheaper ranking and no extra ordering passes. */
const LARGE_COMPONENT = 400;

/**
 * Left-to-right layered layout (dagre) of each connected component, the components then packed
 * in rows in input order (pack.ts: to the drawing area, `target`). Laying out components apart
 * keeps the cost near linear in the node count (dagre's ranking and ordering grow faster than
 * that on one big graph) and fills the view instead of stacking every component in one column.
 */
export function layoutGraph(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[], target?: PackTarget): GraphLayout {
  return packComponents(layoutComponents(nodes, edges), target);
}

/** Each connected component laid out on its own, at (0, 0), in the order of its first node: the costly half of layoutGraph. */
export function layoutComponents(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): GraphLayout[] {
  const shapes = new Map<string, GraphLayout>();
  return connectedComponents(nodes, edges).map((component) => layoutByShape(component, shapes));
}

/**
 * A component laid out once per shape (node sizes and edges, in order): a trace is hundreds of
 * identical "retrieval → asset → action" components, and dagre's fixed cost per call dominates
 * small graphs. dagre is deterministic, so a shape's layout is the same for every copy.
 */
function layoutByShape(component: Component, shapes: Map<string, GraphLayout>): GraphLayout {
  const index = new Map(component.nodes.map((node, i) => [node.id, String(i)]));
  const shapeNodes = component.nodes.map((node, i) => ({ id: String(i), width: node.width, height: node.height }));
  const shapeEdges = component.edges.map((edge, j) => ({ id: String(j), source: index.get(edge.source)!, target: index.get(edge.target)! }));
  const key = `${shapeNodes.map((node) => `${node.width}x${node.height}`).join(',')}|${shapeEdges.map((edge) => `${edge.source}>${edge.target}`).join(',')}`;
  let shape = shapes.get(key);
  if (!shape) {
    shape = layoutComponent(shapeNodes, shapeEdges);
    shapes.set(key, shape);
  }
  return {
    nodes: Object.fromEntries(component.nodes.map((node, i) => [node.id, shape.nodes[i]])),
    edges: Object.fromEntries(component.edges.map((edge, j) => [edge.id, shape.edges[j]])),
    width: shape.width,
    height: shape.height,
  };
}

/** One connected component, its sibling leaves laid out as columns (layout-leaves.ts). */
export function layoutComponent(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): GraphLayout {
  const grouped = groupLeaves(nodes, edges);
  return withBounds(expandLeaves(layoutWithDagre(grouped.nodes, grouped.edges), grouped.groups));
}

function layoutWithDagre(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): GraphLayout {
  const large = nodes.length > LARGE_COMPONENT;
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'LR', nodesep: 14, edgesep: 8, ranksep: 52, marginx: 0, marginy: 0, ranker: large ? 'tight-tree' : 'network-simplex' });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { width: node.width, height: node.height });
  for (const edge of edges) graph.setEdge(edge.source, edge.target, {}, edge.id);
  try {
    dagre.layout(graph, { disableOptimalOrderHeuristic: large });
  } catch {
    // dagre recurses along long paths and overflows the stack on chains of a few thousand nodes
    return layeredFallback(nodes, edges);
  }
  const placed: Record<string, PlacedNode> = {};
  for (const node of nodes) {
    const { x, y } = graph.node(node.id);
    placed[node.id] = { x: x! - node.width / 2, y: y! - node.height / 2, width: node.width, height: node.height };
  }
  const routes: Record<string, Point[]> = {};
  for (const edge of edges) {
    const points: Point[] = graph.edge({ v: edge.source, w: edge.target, name: edge.id })?.points ?? [];
    routes[edge.id] = points.map(({ x, y }) => ({ x, y }));
  }
  const { width = 0, height = 0 } = graph.graph();
  return { nodes: placed, edges: routes, width, height };
}

interface Component {
  nodes: LayoutNode[];
  edges: LayoutEdge[];
}

/** Weakly connected components, in the order of their first node; edges to unknown nodes are dropped. */
export function connectedComponents(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Component[] {
  const parent = new Map(nodes.map((node) => [node.id, node.id]));
  const root = (id: string): string => {
    let current = id;
    while (parent.get(current) !== current) {
      const next = parent.get(parent.get(current)!)!;
      parent.set(current, next);
      current = next;
    }
    return current;
  };
  const kept = edges.filter((edge) => parent.has(edge.source) && parent.has(edge.target));
  for (const edge of kept) parent.set(root(edge.source), root(edge.target));
  const components = new Map<string, Component>();
  for (const node of nodes) {
    const key = root(node.id);
    const component = components.get(key) ?? { nodes: [], edges: [] };
    component.nodes.push(node);
    components.set(key, component);
  }
  for (const edge of kept) components.get(root(edge.source))!.edges.push(edge);
  return [...components.values()];
}
