import { rowsOfIPC } from '../arrow-rows';

/** ClickHouse's JSONEachRow text → rows (one JSON object a line). */
export function parseJsonEachRow(text: string): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) if (line !== '') rows.push(JSON.parse(line) as Record<string, unknown>);
  return rows;
}

/**
 * An Arrow IPC batch as JSONEachRow text for `INSERT … FORMAT JSONEachRow` (neither chdb nor the
 * HTTP client takes Arrow in). A column the table lacks is left
 * to `input_format_skip_unknown_fields`, one the batch lacks takes the column's default (NULL).
 */
export function arrowIPCToJsonEachRow(ipc: Uint8Array): string {
  return rowsOfIPC(ipc)
    .map((row) => JSON.stringify(row))
    .join('\n');
}
