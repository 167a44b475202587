import { useEffect, useState, type RefObject } from 'react';
import type { LineageGraph } from '../../model/lineage/graph';
import type { GraphLayout } from '../../model/lineage/layout';
import { NODE_SIZE } from '../../model/lineage/node-size';
import { layoutOffThread } from './layout-client';

interface Finished {
  graph: LineageGraph;
  layout: GraphLayout;
  ms: number;
}

export interface LayoutState {
  /** The graph the layout belongs to: a newer graph keeps the last layout on screen until its own is ready. */
  graph: LineageGraph | null;
  layout: GraphLayout | null;
  pending: boolean;
  ms: number | null;
  error: string | null;
}

/**
 * The graph's layout from the layout worker, packed to the shape of the viewport it is drawn
 * in; the last finished layout stays shown while the next one runs.
 */
export function useGraphLayout(graph: LineageGraph | null, viewport: RefObject<HTMLElement | null>): LayoutState {
  const [finished, setFinished] = useState<Finished | null>(null);
  const [failed, setFailed] = useState<{ graph: LineageGraph; error: string } | null>(null);
  useEffect(() => {
    if (!graph) return;
    let current = true;
    const nodes = graph.nodes.map((node) => ({ id: node.id, ...NODE_SIZE[node.kind] }));
    const edges = graph.edges.map(({ id, source, target }) => ({ id, source, target }));
    const element = viewport.current;
    const aspect = element && element.clientHeight > 0 ? Math.min(4, Math.max(0.8, element.clientWidth / element.clientHeight)) : 1.8;
    layoutOffThread(nodes, edges, aspect).then(
      ({ layout, ms }) => current && setFinished({ graph, layout, ms }),
      (error: Error) => current && setFailed({ graph, error: error.message }),
    );
    return () => {
      current = false;
    };
  }, [graph, viewport]);
  const error = failed?.graph === graph ? failed.error : null;
  return {
    graph: finished?.graph ?? null,
    layout: finished?.layout ?? null,
    pending: graph !== null && finished?.graph !== graph && error === null,
    ms: finished?.ms ?? null,
    error,
  };
}
