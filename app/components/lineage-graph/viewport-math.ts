import type { PlacedNode, Point } from '../../model/lineage/layout';
import { SMALLEST_TEXT_PX } from '../../model/lineage/node-size';

/** Screen = graph × k + (x, y), in CSS pixels from the viewport's top left. */
export interface Transform {
  x: number;
  y: number;
  k: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The smallest size any text of the graph is drawn at, in CSS pixels (README: never below 11 px). */
export const MIN_LABEL_PX = 11;
/** The scale at which the graph's smallest text is MIN_LABEL_PX tall: Fit never goes below it, the graph scrolls instead. */
export const READABLE_SCALE = MIN_LABEL_PX / SMALLEST_TEXT_PX;
/**
 * Below this scale no text is drawn (SVG and canvas alike): boxes and edges alone show the
 * structure, so no text is ever under MIN_LABEL_PX, whatever the zoom.
 */
export const TEXT_SCALE = READABLE_SCALE;

/** The size a text of `px` graph units is drawn at on screen at scale k, or null when text is not drawn at k. */
export const screenTextPx = (px: number, k: number): number | null => (textShown(k) ? px * k : null);
/** Whether text is drawn at scale k; zooming out and back in may leave k a rounding error under the readable scale. */
export const textShown = (k: number): boolean => k >= TEXT_SCALE * (1 - 1e-9);
export const MIN_SCALE = 0.04;
export const MAX_SCALE = 3;
/** Space kept around the graph inside its scroll area, in pixels. */
export const PADDING = 16;

export const clampScale = (k: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, k));
export const toScreen = ({ x, y, k }: Transform, point: Point): Point => ({ x: point.x * k + x, y: point.y * k + y });
export const toGraph = ({ x, y, k }: Transform, point: Point): Point => ({ x: (point.x - x) / k, y: (point.y - y) / k });

/** Zooms by `factor` about a screen point, which stays where it is (as far as the scroll area lets it: placeView). */
export function zoomAbout(transform: Transform, factor: number, at: Point): Transform {
  const k = clampScale(transform.k * factor);
  const fixed = toGraph(transform, at);
  return { k, x: at.x - fixed.x * k, y: at.y - fixed.y * k };
}

/**
 * The scroll area of a graph drawn at scale k: the graph plus padding, at least the view; the
 * graph's origin in it, centered along a side where it fits, else at the padding.
 */
export function scrollArea(graph: Size, view: Size, k: number): { size: Size; origin: Point } {
  const side = (length: number, space: number) => {
    const needed = length * k + 2 * PADDING;
    return needed <= space ? { size: space, origin: (space - length * k) / 2 } : { size: Math.ceil(needed), origin: PADDING };
  };
  const [across, down] = [side(graph.width, view.width), side(graph.height, view.height)];
  return { size: { width: across.size, height: down.size }, origin: { x: across.origin, y: down.origin } };
}

/**
 * Where a wanted view can actually be: the scroll area at its scale and the scroll offsets,
 * held to the area (a view cannot go past the graph's edges, and a graph that fits stays
 * centered), with the transform that results.
 */
export function placeView(wanted: Transform, graph: Size, view: Size): { area: Size; scroll: Point; transform: Transform } {
  const k = clampScale(wanted.k);
  const { size, origin } = scrollArea(graph, view, k);
  const clamp = (value: number, max: number) => Math.min(Math.max(0, max), Math.max(0, value));
  const scroll = { x: clamp(origin.x - wanted.x, size.width - view.width), y: clamp(origin.y - wanted.y, size.height - view.height) };
  return { area: size, scroll, transform: { k, x: origin.x - scroll.x, y: origin.y - scroll.y } };
}

/**
 * The whole graph, centered, at up to 100%; when that would draw titles under MIN_LABEL_PX, the
 * readable scale instead, from the graph's start (top left), the rest a scroll away.
 */
export function fitTransform(graph: Size, view: Size): Transform {
  const inner = { width: view.width - 2 * PADDING, height: view.height - 2 * PADDING };
  if (graph.width <= 0 || graph.height <= 0 || inner.width <= 0 || inner.height <= 0) return { x: PADDING, y: PADDING, k: 1 };
  const k = Math.max(READABLE_SCALE, Math.min(1, inner.width / graph.width, inner.height / graph.height));
  const { origin } = scrollArea(graph, view, k);
  return { k, ...origin };
}

/** Where a button or key zooms about: the selected node when it is in view, else the view's center. */
export function zoomAnchor(transform: Transform, view: Size, selected: PlacedNode | null): Point {
  const center = { x: view.width / 2, y: view.height / 2 };
  if (!selected) return center;
  const at = toScreen(transform, { x: selected.x + selected.width / 2, y: selected.y + selected.height / 2 });
  return at.x >= 0 && at.y >= 0 && at.x <= view.width && at.y <= view.height ? at : center;
}

/**
 * The view with a node in the middle, at a readable scale at least, or null when the node is
 * already fully in view and readable (a selection made elsewhere: the timeline, a table, a link).
 */
export function revealTransform(transform: Transform, view: Size, box: PlacedNode): Transform | null {
  const k = Math.max(transform.k, READABLE_SCALE);
  const [left, top] = [box.x * k + transform.x, box.y * k + transform.y];
  const inside = left >= PADDING && top >= PADDING && left + box.width * k <= view.width - PADDING && top + box.height * k <= view.height - PADDING;
  if (inside && k === transform.k) return null;
  return { k, x: view.width / 2 - (box.x + box.width / 2) * k, y: view.height / 2 - (box.y + box.height / 2) * k };
}

/**
 * The node to hold still on screen when the layout changes under the view (a fold opened, the
 * graph re-packed to a new width): the first of `preferred` laid out both times, else the one
 * nearest the view's center before.
 */
export function anchorNode(before: Record<string, PlacedNode>, after: Record<string, PlacedNode>, preferred: (string | null)[], center: Point): string | null {
  const both = (id: string | null): id is string => id !== null && id in before && id in after;
  const chosen = preferred.find(both);
  if (chosen) return chosen;
  let [nearest, distance] = [null as string | null, Infinity];
  for (const [id, box] of Object.entries(before)) {
    const away = Math.hypot(box.x + box.width / 2 - center.x, box.y + box.height / 2 - center.y);
    if (away < distance && id in after) [nearest, distance] = [id, away];
  }
  return nearest;
}
