import { setOwn } from '../../schema/own-keys';

/**
 * A stored label row as the `label` event of a JSON Lines file (docs/log-format.md): every field the
 * row holds, the unknown fields it came with, `ts` as ISO-8601 (epoch milliseconds when it has a
 * fraction of a millisecond, which ISO would round), and nothing for absent fields.
 */
export function labelEventOfRow(row: Record<string, unknown>): Record<string, unknown> {
  const { extra, ts, ...fields } = row;
  const event: Record<string, unknown> = { type: 'label' };
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined || name === 'type') continue;
    if (name === 'adjudicated' && value === false) continue;
    event[name] = value;
  }
  if (typeof ts === 'number') event.ts = Number.isInteger(ts) ? new Date(ts).toISOString() : ts;
  if (typeof extra === 'string' && extra !== '') for (const [name, value] of Object.entries(JSON.parse(extra) as Record<string, unknown>)) setOwn(event, name, value);
  return event;
}

/** The rows as JSON Lines, one label event a line, ending in a newline. */
export function labelEventsJsonl(rows: readonly Record<string, unknown>[]): string {
  return rows.map((row) => `${JSON.stringify(labelEventOfRow(row))}\n`).join('');
}
