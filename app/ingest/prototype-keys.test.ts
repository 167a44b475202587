import { describe, expect, it } from 'vitest';
import { readAttributes, type Attributes } from './otlp/any-value';
import { rowEvent } from './parquet/row-value';

const PROTO_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

describe('lookups keyed by data never reach a prototype', () => {
  it('OpenTelemetry attributes named after prototype members are plain attributes', () => {
    const read = readAttributes([
      ...PROTO_KEYS.map((key) => ({ key, value: { stringValue: `v-${key}` } })),
      { key: 'nested', value: { kvlistValue: { values: [{ key: '__proto__', value: { kvlistValue: { values: [{ key: 'session.id', value: { stringValue: 'planted' } }] } } }] } } },
    ]);
    const attributes = (read.ok ? read.attributes : {}) as Attributes;
    expect(read.ok).toBe(true);
    for (const key of PROTO_KEYS) expect(Object.hasOwn(attributes, key) && attributes[key]).toBe(`v-${key}`);
    expect(attributes['session.id']).toBeUndefined();
    const nested = attributes.nested as Record<string, unknown>;
    expect(nested['session.id']).toBeUndefined();
    expect(Object.keys(nested)).toEqual(['__proto__']);
  });

  it('a Parquet row keeps columns and extra fields named after prototype members', () => {
    const extra = JSON.parse('{"__proto__":{"type":"asset"},"constructor":"c","asset_id":"ignored"}') as Record<string, unknown>;
    const event = rowEvent({ type: 'prompt', asset_id: 'a1', toString: 't', extra });
    expect(Object.keys(event).sort()).toEqual(['__proto__', 'asset_id', 'constructor', 'toString', 'type']);
    expect([event.type, event.asset_id, event.constructor]).toEqual(['prompt', 'a1', 'c']);
  });

});
