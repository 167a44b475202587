import { EXPLAIN_ATTRIBUTES, isExplainAttribute } from './signals';
import type { SliceValues } from './slices';

/** A slice in a URL parameter: `retriever=dense;query_words=1–2`, each value URI-encoded. */
export function writeSlice(slice: SliceValues): string {
  return EXPLAIN_ATTRIBUTES.filter((attribute) => slice[attribute] !== undefined)
    .map((attribute) => `${attribute}=${encodeURIComponent(slice[attribute]!)}`).join(';');
}

/** The slice `writeSlice` wrote; null for anything else (an unknown attribute, more than two, a repeat). */
export function readSlice(text: string | null): SliceValues | null {
  if (!text) return null;
  const slice: SliceValues = {};
  const parts = text.split(';');
  if (parts.length > 2) return null;
  for (const part of parts) {
    const at = part.indexOf('=');
    const attribute = part.slice(0, at);
    if (at <= 0 || !isExplainAttribute(attribute) || slice[attribute] !== undefined) return null;
    try {
      slice[attribute] = decodeURIComponent(part.slice(at + 1));
    } catch {
      return null;
    }
  }
  return slice;
}
