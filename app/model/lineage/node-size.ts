import type { LineageNodeKind } from './graph';

/**
 * Box of each kind of node, in graph units: layout and both renderers use the same sizes. A
 * retrieval → asset → action row (230 + 52 + 210 + 52 + 150 = 694) fits a 700-pixel pane at the
 * readable scale, beside the overview (components/lineage-graph/viewport-math.ts), so a
 * session's graph at Fit needs no sideways scrolling.
 */
export const NODE_SIZE: Record<LineageNodeKind, { width: number; height: number }> = {
  retrieval: { width: 230, height: 62 },
  asset: { width: 210, height: 50 },
  fold: { width: 150, height: 34 },
  action: { width: 150, height: 50 },
  completion: { width: 160, height: 50 },
};

/**
 * Text rows inside a node box, in graph units from its top: title, subtitle, badges; and the font
 * size of every text the graph draws (an edge's label too). All are 12: with text drawn only at
 * 11/12 scale or more (viewport-math.ts), none is ever under 11 px on screen.
 */
export const NODE_TEXT = { padX: 12, title: 18, subtitle: 33, badges: 47, titlePx: 12, subtitlePx: 12, badgePx: 12, edgeLabelPx: 12 } as const;

/** The smallest font size of the graph's text, in graph units. */
export const SMALLEST_TEXT_PX = Math.min(NODE_TEXT.titlePx, NODE_TEXT.subtitlePx, NODE_TEXT.badgePx, NODE_TEXT.edgeLabelPx);

/** Baselines of title and subtitle: lower when a node has no badge row, so the text stays centered. */
export function textRows(kind: LineageNodeKind, hasBadges: boolean): { title: number; subtitle: number } {
  if (kind === 'fold') return { title: 15, subtitle: 28 };
  const shift = hasBadges ? 0 : 6;
  return { title: NODE_TEXT.title + shift, subtitle: NODE_TEXT.subtitle + shift };
}
