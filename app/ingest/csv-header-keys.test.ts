import { describe, expect, it } from 'vitest';
import { createCsvReader } from './csv-reader';

function records(text: string): unknown[] {
  const values: unknown[] = [];
  const reader = createCsvReader({
    text: () => undefined,
    value: (_line, _raw, value) => values.push(value),
    malformed: (line, _raw, reason) => values.push({ line, reason }),
    resourceSpans: () => undefined,
  });
  reader.push(text);
  reader.end();
  return values;
}

describe('CSV columns named after prototype members', () => {
  const [record] = records('type,asset_id,__proto__,constructor,toString\nasset,a1,{"polluted":true},c,t\n') as Record<string, unknown>[];

  it('are own fields of a record without a prototype, with their cells as values', () => {
    expect(Object.getPrototypeOf(record)).toBeNull();
    expect(Object.keys(record)).toEqual(['type', 'asset_id', '__proto__', 'constructor', 'toString']);
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toBe('{"polluted":true}');
    expect(record.constructor).toBe('c');
    expect(record.toString).toBe('t');
  });

  it('an empty cell leaves its field out, as for any column', () => {
    const [sparse] = records('type,__proto__,constructor\nasset,,\n') as Record<string, unknown>[];
    expect(Object.keys(sparse)).toEqual(['type']);
  });
});
