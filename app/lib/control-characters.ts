/**
 * Characters that act instead of showing: C0 controls but tab and line feed, DEL, C1 controls,
 * the line and paragraph separators, and the bidi controls that reorder the text after them
 * (U+202E makes `…‮lmth.jsonl` read `…lnosj.html`).
 */
const ACTING_BEYOND_C0 = '\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
export const HIDDEN_CONTROLS = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f${ACTING_BEYOND_C0}]`, 'g');
/** The same, tab and line feed included: a terminal acts on those too where log text is printed inline. */
export const TERMINAL_CONTROLS = new RegExp(`[\\u0000-\\u001f${ACTING_BEYOND_C0}]`, 'g');

/** `U+202E`: how a hidden control is named on screen. */
export const codePointName = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Text cut into plain runs and hidden controls, in order. */
export function splitControls(text: string): { text: string; control: boolean }[] {
  const parts: { text: string; control: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(HIDDEN_CONTROLS)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), control: false });
    parts.push({ text: match[0], control: true });
    last = match.index + 1;
  }
  if (last < text.length) parts.push({ text: text.slice(last), control: false });
  return parts;
}

/**
 * Log text where only a plain string fits (a chart's legend, tooltip or axis, an SVG label):
 * hidden controls named, cut to `max` characters. Text, never markup: the chart draws it as such.
 */
export function plainLabel(text: string, max = 60): string {
  const named = text.slice(0, max + 1).replace(HIDDEN_CONTROLS, (char) => `[${codePointName(char)}]`);
  return named.length > max ? `${named.slice(0, max - 1)}…` : named;
}
