import { UnreadableCell } from './cell-parsers';

/**
 * A decoded value as JSON would give it: 64-bit integers (BigInt) become numbers, timestamps and
 * dates (Date) epoch milliseconds, typed arrays plain lists; structs and maps stay objects.
 */
export function plainValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof UnreadableCell) return value.toJSON();
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.getTime();
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return Array.from(value as ArrayLike<unknown>, plainValue);
  if (typeof value === 'object') {
    const object: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) object[key] = plainValue(item);
    return object;
  }
  return value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One Parquet row as an input event. A null cell is an absent field: a table has every column
 * on every row, while an event sets only its own. An `extra` cell holding an object (a JSON
 * column, as the dataset export writes it) gives the event's further fields, as the `extra`
 * column of the events table holds them.
 */
export function rowEvent(row: Record<string, unknown>): Record<string, unknown> {
  // Column and struct field names come from the file: no prototype for them to reach.
  const event: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key in row) {
    const value = row[key];
    if (value !== null && value !== undefined) event[key] = plainValue(value);
  }
  const extra = event.extra;
  if (isPlainObject(extra)) {
    delete event.extra;
    for (const [key, value] of Object.entries(extra)) if (!Object.hasOwn(event, key)) event[key] = value;
  }
  return event;
}
