/** How deep unknown fields may nest (objects and lists in one another); deeper ones reject their line. */
export const MAX_NESTING = 100;

/**
 * Whether `value` holds objects or lists more than `limit` levels deep. Walked with an explicit
 * stack: a value nested 10,000 deep must not overflow the call stack here (nor, once refused,
 * in JSON.stringify later).
 */
export function deeperThan(value: object, limit: number): boolean {
  const pending: [object, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}

/** A value as a message may quote it: scalars as JSON, cut short; objects and lists by kind only. */
export function quoteValue(value: unknown, maxChars = 80): string {
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'a list' : 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}
