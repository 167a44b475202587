import { tableFromIPC, type Table } from 'apache-arrow';

function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value && typeof value === 'object') {
    if (value instanceof Uint8Array) return value;
    if (typeof (value as { toArray?: unknown }).toArray === 'function' && typeof (value as { length?: unknown }).length === 'number') {
      return Array.from((value as { toArray(): ArrayLike<unknown> }).toArray(), plain);
    }
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      const json = (value as { toJSON(): Record<string, unknown> }).toJSON();
      return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, plain(v)]));
    }
  }
  return value;
}

/** Arrow result → plain JS rows (column name → value). */
export function arrowToRows(table: Table): Record<string, unknown>[] {
  const names = table.schema.fields.map((field) => field.name);
  const columns = names.map((_, index) => table.getChildAt(index));
  const rows: Record<string, unknown>[] = new Array(table.numRows);
  for (let r = 0; r < table.numRows; r++) {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < names.length; c++) row[names[c]] = plain(columns[c]?.get(r));
    rows[r] = row;
  }
  return rows;
}

/** An Arrow IPC stream's rows as plain JS rows (tests compare stored batches with it). */
export const rowsOfIPC = (ipc: Uint8Array): Record<string, unknown>[] => arrowToRows(tableFromIPC(ipc));
