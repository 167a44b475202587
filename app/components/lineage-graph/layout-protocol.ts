import type { GraphLayout, LayoutEdge, LayoutNode } from '../../model/lineage/layout';

export interface LayoutRequest {
  id: number;
  nodes: LayoutNode[];
  edges: LayoutEdge[];
}

/** The connected components, each laid out at (0, 0): the page packs them to its viewport, again on a resize. */
export type LayoutResponse = { id: number; components: GraphLayout[]; ms: number } | { id: number; error: string };
