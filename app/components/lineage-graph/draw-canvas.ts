import type { LineageGraph } from '../../model/lineage/graph';
import type { GraphLayout, PlacedNode, Point } from '../../model/lineage/layout';
import type { LineagePath } from '../../model/lineage/lineage-path';
import { NODE_TEXT, textRows } from '../../model/lineage/node-size';
import { accentOf, EDGE_STYLE, edgePath, HIGHLIGHT, labelPoint, NODE_FILL } from './graph-style';
import { fitLabel, nodeFont } from './label-fit';
import { textShown, type Transform } from './viewport-math';

/** The fonts of the SVG renderer's text (lineage-graph.css), so both cut labels alike. */
const [TITLE_FONT, SUBTITLE_FONT, BADGE_FONT, EDGE_LABEL_FONT] = [
  nodeFont(NODE_TEXT.titlePx, true), nodeFont(NODE_TEXT.subtitlePx), nodeFont(NODE_TEXT.badgePx, true), nodeFont(NODE_TEXT.edgeLabelPx, true),
];

export interface CanvasScene {
  graph: LineageGraph;
  layout: GraphLayout;
  selectedId: string | null;
  path: LineagePath | null;
}

const visible = (box: PlacedNode, left: number, top: number, right: number, bottom: number) =>
  box.x < right && box.x + box.width > left && box.y < bottom && box.y + box.height > top;

const paths = new WeakMap<readonly Point[], Path2D>();
/** The same curve as the SVG renderer's, parsed once per route. */
function pathOf(points: readonly Point[]): Path2D {
  let path = paths.get(points);
  if (!path) {
    path = new Path2D(edgePath(points));
    paths.set(points, path);
  }
  return path;
}

/**
 * Draws the graph for large sizes: only what is in view, text only when readable. One frame of
 * 2,000 nodes takes a few milliseconds.
 */
export function drawGraph(context: CanvasRenderingContext2D, scene: CanvasScene, transform: Transform, width: number, height: number, ratio: number) {
  const { graph, layout, path, selectedId } = scene;
  const { x, y, k } = transform;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  context.setTransform(ratio * k, 0, 0, ratio * k, ratio * x, ratio * y);
  const [left, top, right, bottom] = [-x / k, -y / k, (width - x) / k, (height - y) / k];
  const withText = textShown(k);

  for (const edge of graph.edges) {
    const points = layout.edges[edge.id];
    if (!points?.length) continue;
    const on = path?.edges.has(edge.id) ?? false;
    const style = EDGE_STYLE[edge.kind];
    context.globalAlpha = path && !on ? 0.15 : 1;
    context.strokeStyle = on ? HIGHLIGHT : style.color;
    context.lineWidth = (on ? style.width + 1.2 : style.width) / Math.min(1, k * 1.5);
    context.setLineDash(style.dash);
    context.stroke(pathOf(points));
    if (withText && edge.label) {
      const at = labelPoint(points);
      context.font = EDGE_LABEL_FONT;
      context.textAlign = 'center';
      context.fillStyle = '#5b6475';
      context.fillText(edge.label, at.x, at.y + 3);
    }
  }
  context.setLineDash([]);
  context.textAlign = 'left';

  for (const node of graph.nodes) {
    const box = layout.nodes[node.id];
    if (!box || !visible(box, left, top, right, bottom)) continue;
    const dim = path && !path.nodes.has(node.id) ? 0.25 : 1;
    context.globalAlpha = dim;
    context.fillStyle = NODE_FILL[node.kind];
    context.strokeStyle = node.id === selectedId ? HIGHLIGHT : '#b9c0cb';
    context.lineWidth = (node.id === selectedId ? 2.5 : 1) / Math.min(1, k);
    context.beginPath();
    context.roundRect(box.x, box.y, box.width, box.height, 7);
    context.fill();
    context.stroke();
    context.fillStyle = accentOf(node);
    if (!withText) {
      // zoomed out: boxes tinted by kind, so the structure reads without any text
      context.globalAlpha = dim * 0.35;
      context.fill();
      context.globalAlpha = dim;
      context.fillRect(box.x, box.y, 6 / Math.max(k, 0.2), box.height);
      continue;
    }
    context.fillRect(box.x, box.y, 4, box.height);
    const inner = box.width - NODE_TEXT.padX - 8;
    const rows = textRows(node.kind, node.badges.length > 0);
    context.fillStyle = '#1c2330';
    context.font = TITLE_FONT;
    context.fillText(fitLabel(node.title, inner, TITLE_FONT), box.x + NODE_TEXT.padX, box.y + rows.title);
    context.fillStyle = '#5b6475';
    context.font = SUBTITLE_FONT;
    context.fillText(fitLabel(node.subtitle, inner, SUBTITLE_FONT), box.x + NODE_TEXT.padX, box.y + rows.subtitle);
    if (node.badges.length) {
      context.fillStyle = accentOf(node);
      context.font = BADGE_FONT;
      context.fillText(fitLabel(node.badges.join(' · '), inner, BADGE_FONT), box.x + NODE_TEXT.padX, box.y + NODE_TEXT.badges);
    }
  }
  context.globalAlpha = 1;
}

/** The node under a graph point, topmost first. */
export function nodeAt(graph: LineageGraph, layout: GraphLayout, point: { x: number; y: number }): string | null {
  for (let i = graph.nodes.length - 1; i >= 0; i--) {
    const box = layout.nodes[graph.nodes[i].id];
    if (box && point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height) return graph.nodes[i].id;
  }
  return null;
}
