import type { LineageEdgeKind, LineageNode } from '../../model/lineage/graph';
import type { Point } from '../../model/lineage/layout';

/** One palette for both renderers (SVG and canvas), so a graph looks the same at any size. */
export const KIND_ACCENT: Record<LineageNode['kind'], string> = {
  retrieval: '#2f5bd3',
  asset: '#0f766e',
  fold: '#9aa3b2',
  action: '#5b6475',
  completion: '#1f8a4c',
};

export const TONE_COLOR: Record<LineageNode['tone'], string | null> = {
  normal: null,
  good: '#1f8a4c',
  warn: '#b7791f',
  bad: '#c53030',
  muted: '#9aa3b2',
};

export const NODE_FILL: Record<LineageNode['kind'], string> = {
  retrieval: '#f3f6fe',
  asset: '#ffffff',
  fold: '#f6f7f9',
  action: '#ffffff',
  completion: '#eef8f2',
};

export interface EdgeStyle {
  color: string;
  width: number;
  dash: number[];
}

export const EDGE_STYLE: Record<LineageEdgeKind, EdgeStyle> = {
  returned: { color: '#9aa3b2', width: 1.2, dash: [] },
  folded: { color: '#c5cbd5', width: 1.2, dash: [3, 3] },
  consumed: { color: '#5b6475', width: 1.4, dash: [] },
  inherited: { color: '#1f8a4c', width: 1.8, dash: [7, 4] },
  direct: { color: '#5b6475', width: 1.4, dash: [] },
  re_search: { color: '#b7791f', width: 1.4, dash: [2, 3] },
  bypass: { color: '#c53030', width: 1.4, dash: [1, 3] },
};

export const HIGHLIGHT = '#2f5bd3';

/** A node's full text, for its tooltip: on the node itself it may be cut with an ellipsis. */
export const nodeTooltip = (node: LineageNode) => [node.title, node.subtitle, node.badges.join(' · ')].filter(Boolean).join('\n');

export const accentOf = (node: LineageNode) =>
  node.kind === 'action' && node.title.startsWith('agent') ? '#6b3fc4' : (TONE_COLOR[node.tone] ?? KIND_ACCENT[node.kind]);

const curveReach = (first: Point, last: Point) => Math.max(24, (last.x - first.x) / 2);

/** A smooth path through a route: an S-curve for two points, rounded corners through dagre's bends. */
export function edgePath(points: readonly Point[]): string {
  if (points.length < 2) return '';
  const [first] = points;
  const last = points[points.length - 1];
  if (points.length === 2) {
    const dx = curveReach(first, last);
    return `M${first.x},${first.y} C${first.x + dx},${first.y} ${last.x - dx},${last.y} ${last.x},${last.y}`;
  }
  let d = `M${first.x},${first.y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const next = points[i + 1];
    d += ` Q${points[i].x},${points[i].y} ${(points[i].x + next.x) / 2},${(points[i].y + next.y) / 2}`;
  }
  return `${d} L${last.x},${last.y}`;
}

const LABEL_BACK = 30;

/**
 * Where an edge's label sits: a fixed distance back from the target along the edge, where
 * sibling edges have fanned apart and the label clears the arrowhead and the node.
 */
export function labelPoint(points: readonly Point[]): Point {
  if (points.length === 2) return curvePointAtX(points[0], points[1], points[1].x - LABEL_BACK);
  let remaining = LABEL_BACK;
  for (let i = points.length - 1; i > 0; i--) {
    const [to, from] = [points[i], points[i - 1]];
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    if (length >= remaining) return { x: to.x + ((from.x - to.x) * remaining) / length, y: to.y + ((from.y - to.y) * remaining) / length };
    remaining -= length;
  }
  return points[0];
}

/** The point of edgePath's two-point S-curve at a given x (bisection on the curve's parameter). */
function curvePointAtX(first: Point, last: Point, x: number): Point {
  const dx = curveReach(first, last);
  const [x1, x2] = [first.x + dx, last.x - dx];
  const at = (t: number, a: number, b: number, c: number, d: number) => (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t ** 2 * c + t ** 3 * d;
  let [low, high] = [0, 1];
  for (let i = 0; i < 20; i++) {
    const mid = (low + high) / 2;
    if (at(mid, first.x, x1, x2, last.x) < x) low = mid;
    else high = mid;
  }
  return { x, y: at(low, first.y, first.y, last.y, last.y) };
}
