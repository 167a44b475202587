import type { GraphLayout, LayoutEdge, LayoutNode } from '../../model/lineage/layout';

export interface LayoutRequest {
  id: number;
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  aspect: number;
}

export type LayoutResponse = { id: number; layout: GraphLayout; ms: number } | { id: number; error: string };
