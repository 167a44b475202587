import { EVENT_FIELD_NAMES } from './fields';

/**
 * The event as the user wrote it, rebuilt from a stored row: its known fields that are set,
 * `ts` back as ISO-8601, and the unknown fields it carried. Provenance columns are left out.
 */
export function eventRecord(row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const name of EVENT_FIELD_NAMES) {
    const value = row[name];
    if (value === null || value === undefined) continue;
    record[name] = name === 'ts' && typeof value === 'number' ? new Date(value).toISOString() : value;
  }
  if (typeof row.extra === 'string') Object.assign(record, JSON.parse(row.extra));
  return record;
}
