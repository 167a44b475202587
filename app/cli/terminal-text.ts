/**
 * Characters a terminal acts on rather than shows: C0 controls (ESC starts the sequences that move
 * the cursor, recolor or retitle), DEL, C1 controls (U+009B is a one-byte CSI), the line and
 * paragraph separators, and the bidi controls that reorder what follows them (U+202E makes
 * `…‮lmth.jsonl` read `…lnosj.html`).
 */
const TERMINAL_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from a log as a terminal shows it: every control written as a visible `\uXXXX` escape. The
 * escape is also JSON's, so `--json` output stays valid and means the same once parsed.
 */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
