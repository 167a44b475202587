const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Epoch milliseconds from an ISO-8601 string or an epoch-ms number; null when unparseable.
 * A time without an offset is read as UTC so that the browser and Node agree.
 */
export function parseTimestamp(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{9,}$/.test(text)) return Number(text);
  const match = ISO_8601.exec(text);
  if (!match) return null;
  const hasTime = text.length > 10;
  const utcText = hasTime && !match[1] ? `${text.replace(' ', 'T')}Z` : text.replace(' ', 'T');
  const ms = Date.parse(utcText);
  return Number.isNaN(ms) ? null : ms;
}
