import type { GraphLayout } from './layout';

const GAP = 48;
/** Row widths tried between the widest component and the widest row allowed. */
const CANDIDATES = 48;

/** What the packed graph is drawn in. */
export interface PackTarget {
  /** The drawing area (inside its padding), in pixels: only its shape and size relative to the graph matter. */
  width: number;
  height: number;
  /** Rows no wider than this, in graph units: the area's width at the smallest readable scale, so nothing waits off the right edge. */
  maxRowWidth: number;
}

const WIDE_VIEW: PackTarget = { width: 1.8, height: 1, maxRowWidth: Number.POSITIVE_INFINITY };

/**
 * Places component layouts in rows, left to right in input order (time order for a session),
 * each row's components top-aligned. The row width is the one (of a few tried) at which the
 * whole graph fits the target at the largest scale, never wider than `maxRowWidth`: a graph too
 * big to read whole grows downwards, and is read by scrolling down, not sideways.
 */
export function packComponents(components: readonly GraphLayout[], target: PackTarget = WIDE_VIEW): GraphLayout {
  const widest = Math.max(0, ...components.map((c) => c.width));
  const total = components.reduce((sum, c) => sum + c.width + GAP, -GAP);
  const upper = Math.max(widest, Math.min(total, target.maxRowWidth));
  let best = { rowWidth: upper, scale: -1 };
  // widest first: when several fit at full size, fewer rows read better
  for (let i = CANDIDATES; i >= 0; i--) {
    const rowWidth = widest + ((upper - widest) * i) / CANDIDATES;
    const size = place(components, rowWidth, null);
    const scale = Math.min(1, target.width / Math.max(1, size.width), target.height / Math.max(1, size.height));
    if (scale > best.scale + 1e-9) best = { rowWidth, scale };
  }
  const packed: GraphLayout = { nodes: {}, edges: {}, width: 0, height: 0 };
  place(components, best.rowWidth, packed);
  return packed;
}

/** Greedy rows at one row width; fills `into` when given, else only measures. */
function place(components: readonly GraphLayout[], rowWidth: number, into: GraphLayout | null): { width: number; height: number } {
  let [x, y, rowHeight, width] = [0, 0, 0, 0];
  for (const component of components) {
    if (x > 0 && x + component.width > rowWidth) {
      x = 0;
      y += rowHeight + GAP;
      rowHeight = 0;
    }
    if (into) {
      for (const [id, node] of Object.entries(component.nodes)) into.nodes[id] = { ...node, x: node.x + x, y: node.y + y };
      for (const [id, points] of Object.entries(component.edges)) into.edges[id] = points.map((p) => ({ x: p.x + x, y: p.y + y }));
    }
    width = Math.max(width, x + component.width);
    rowHeight = Math.max(rowHeight, component.height);
    x += component.width + GAP;
  }
  const size = { width, height: y + rowHeight };
  if (into) Object.assign(into, size);
  return size;
}
