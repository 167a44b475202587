import type { LayoutEdge, LayoutNode } from '../../model/lineage/layout';

/** A graph to lay out; the worker answers with its connected components, each laid out at (0, 0): the page packs them to its viewport, again on a resize. */
export interface LayoutRequest {
  nodes: LayoutNode[];
  edges: LayoutEdge[];
}
