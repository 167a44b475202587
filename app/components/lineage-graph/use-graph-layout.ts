import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { LineageGraph } from '../../model/lineage/graph';
import type { GraphLayout } from '../../model/lineage/layout';
import { NODE_SIZE } from '../../model/lineage/node-size';
import { packComponents, type PackTarget } from '../../model/lineage/pack';
import { layoutOffThread } from './layout-client';
import { PADDING, READABLE_SCALE, type Size } from './viewport-math';

/** A change of the viewport's width smaller than this (a scrollbar coming or going) does not re-pack the graph. */
const REPACK_STEP = 24;
/** Room for the vertical scrollbar a graph taller than its view gets. */
const SCROLLBAR = 16;

interface Finished {
  graph: LineageGraph;
  components: GraphLayout[];
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

/** Components are packed to the viewport, in rows no wider than it is at the readable scale (beside a vertical scrollbar). */
function packTarget(view: Size | null): PackTarget | undefined {
  if (!view || view.width <= 2 * PADDING + SCROLLBAR || view.height <= 2 * PADDING) return undefined;
  const [width, height] = [view.width - 2 * PADDING, view.height - 2 * PADDING];
  return { width, height, maxRowWidth: (width - SCROLLBAR) / READABLE_SCALE };
}

/** The element's size, updated when its width changes by a step or more (a details panel opening beside it, a window resize). */
function useViewSize(element: RefObject<HTMLElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(() => {
      const next = { width: target.clientWidth, height: target.clientHeight };
      setSize((last) => (last && Math.abs(last.width - next.width) < REPACK_STEP ? last : next));
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/**
 * The graph's layout: its components from the layout worker (the costly part), packed here to
 * the viewport's width, and packed again when that width changes, so no row waits past the
 * right edge. The last finished layout stays shown while the next one runs.
 */
export function useGraphLayout(graph: LineageGraph | null, viewport: RefObject<HTMLElement | null>): LayoutState {
  const [finished, setFinished] = useState<Finished | null>(null);
  const [failed, setFailed] = useState<{ graph: LineageGraph; error: string } | null>(null);
  const size = useViewSize(viewport);
  useEffect(() => {
    if (!graph) return;
    let current = true;
    const nodes = graph.nodes.map((node) => ({ id: node.id, ...NODE_SIZE[node.kind] }));
    const edges = graph.edges.map(({ id, source, target }) => ({ id, source, target }));
    layoutOffThread(nodes, edges).then(
      ({ components, ms }) => current && setFinished({ graph, components, ms }),
      (error: Error) => current && setFailed({ graph, error: error.message }),
    );
    return () => {
      current = false;
    };
  }, [graph]);
  const layout = useMemo(() => (finished && size ? packComponents(finished.components, packTarget(size)) : null), [finished, size]);
  const error = failed?.graph === graph ? failed.error : null;
  return {
    graph: layout ? finished!.graph : null,
    layout,
    pending: graph !== null && finished?.graph !== graph && error === null,
    ms: finished?.ms ?? null,
    error,
  };
}
