import type { GraphLayout } from './layout';

const GAP = 48;

/**
 * Places component layouts in rows, left to right in input order (time order for a session),
 * wrapping at a width chosen so the whole is about `aspect` (width : height) like the viewport
 * it is drawn in; each row's components are top-aligned.
 */
export function packComponents(components: readonly GraphLayout[], aspect = 1.8): GraphLayout {
  const area = components.reduce((sum, c) => sum + (c.width + GAP) * (c.height + GAP), 0);
  const rowWidth = Math.max(Math.sqrt(area * aspect), ...components.map((c) => c.width));
  const packed: GraphLayout = { nodes: {}, edges: {}, width: 0, height: 0 };
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const component of components) {
    if (x > 0 && x + component.width > rowWidth) {
      x = 0;
      y += rowHeight + GAP;
      rowHeight = 0;
    }
    for (const [id, node] of Object.entries(component.nodes)) packed.nodes[id] = { ...node, x: node.x + x, y: node.y + y };
    for (const [id, points] of Object.entries(component.edges)) packed.edges[id] = points.map((p) => ({ x: p.x + x, y: p.y + y }));
    packed.width = Math.max(packed.width, x + component.width);
    rowHeight = Math.max(rowHeight, component.height);
    x += component.width + GAP;
  }
  packed.height = y + rowHeight;
  return packed;
}
