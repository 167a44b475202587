import { errorMessage } from '../lib/error-message';
/** `NaN`, `Infinity` or `-Infinity` outside a string: numbers JavaScript writes and JSON has no words for. */
function nonJsonNumber(raw: string): { token: string; at: number } | null {
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === 'N' || c === 'I' || c === '-') {
      const token = /^-?Infinity|^NaN/.exec(raw.slice(i, i + 9))?.[0];
      if (token) return { token, at: i };
    }
  }
  return null;
}

/**
 * Why a record's text is not JSON, in the same words wherever it is read: the JavaScript engine's
 * own messages differ between engine versions (a browser, Node) and quote the text back.
 */
export function jsonErrorMessage(raw: string, error: unknown): string {
  const bad = nonJsonNumber(raw);
  if (bad) return `${bad.token} (at character ${bad.at + 1}) is not a JSON value: write null, or leave the field out`;
  const message = errorMessage(error);
  const position = /position (\d+)/.exec(message);
  if (position) {
    const at = Number(position[1]);
    if (at >= raw.length) return 'not valid JSON: the text ends before the JSON value is complete (the line may be cut short)';
    return `not valid JSON: unexpected ${JSON.stringify(raw[at])} at character ${at + 1}`;
  }
  if (/Unexpected end|Unterminated/i.test(message)) return 'not valid JSON: the text ends before the JSON value is complete (the line may be cut short)';
  const token = /Unexpected token '(.)'/.exec(message);
  if (token) return `not valid JSON: unexpected ${JSON.stringify(token[1])}`;
  return 'not valid JSON';
}
