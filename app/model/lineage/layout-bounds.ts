import type { GraphLayout } from './layout';

/**
 * A layout moved to start at (0, 0), its width and height taken from everything drawn: every node
 * box and every edge point. Node text never leaves its box (it is cut with an ellipsis) and an
 * edge's label sits on its edge, between the boxes it joins, so these bounds hold all there is to see.
 */
export function withBounds(layout: GraphLayout): GraphLayout {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const box of Object.values(layout.nodes)) {
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  for (const route of Object.values(layout.edges)) {
    for (const point of route) {
      left = Math.min(left, point.x);
      top = Math.min(top, point.y);
      right = Math.max(right, point.x);
      bottom = Math.max(bottom, point.y);
    }
  }
  if (left === Infinity) return { ...layout, width: 0, height: 0 };
  if (left === 0 && top === 0) return { ...layout, width: right, height: bottom };
  return {
    nodes: Object.fromEntries(Object.entries(layout.nodes).map(([id, box]) => [id, { ...box, x: box.x - left, y: box.y - top }])),
    edges: Object.fromEntries(Object.entries(layout.edges).map(([id, route]) => [id, route.map((p) => ({ x: p.x - left, y: p.y - top }))])),
    width: right - left,
    height: bottom - top,
  };
}
