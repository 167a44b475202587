/** Width of a text in pixels at some font. */
export type Measure = (text: string) => number;

const ELLIPSIS = '…';

/**
 * The text as it fits `width`: whole, or cut at the longest prefix that fits with an ellipsis
 * after it (binary search, so a long title costs a dozen measurements). Text is cut, never
 * shrunk: the node's tooltip and the details panel show it whole.
 */
export function ellipsize(whole: string, width: number, measure: Measure): string {
  // no character is narrower than a pixel: more than `width` of them never fit, so a 100,000-character title is not measured whole
  const text = whole.length > width + 1 ? whole.slice(0, Math.max(0, Math.ceil(width)) + 1) : whole;
  if (text === whole && measure(text) <= width) return text;
  let [fits, tooLong] = [0, text.length];
  while (tooLong - fits > 1) {
    const middle = (fits + tooLong) >> 1;
    if (measure(text.slice(0, middle).trimEnd() + ELLIPSIS) <= width) fits = middle;
    else tooLong = middle;
  }
  return fits === 0 ? ELLIPSIS : text.slice(0, fits).trimEnd() + ELLIPSIS;
}

const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** The canvas font of a node text: the same family as the page (styles.css), its size and weight. */
export const nodeFont = (px: number, bold = false) => `${bold ? '600 ' : ''}${px}px ${FONT_FAMILY}`;

let context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null = null;
const fitted = new Map<string, string>();

/** ellipsize() measured by the browser's text metrics; cached, as the same labels are drawn each frame. */
export function fitLabel(text: string, width: number, font: string): string {
  const key = `${font}\u0000${width}\u0000${text}`;
  let result = fitted.get(key);
  if (result === undefined) {
    context ??= typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : document.createElement('canvas').getContext('2d');
    if (!context) return text;
    context.font = font;
    const measuring = context;
    result = ellipsize(text, width, (part) => measuring.measureText(part).width);
    if (fitted.size > 20_000) fitted.clear();
    fitted.set(key, result);
  }
  return result;
}
