import { describe, expect, it } from 'vitest';
import { labelEventOfRow } from '../annotation/label-events';
import { shapeTiers } from './shape-report';
import type { TierRow } from './rows';

describe('lookups keyed by data never reach a prototype', () => {
  it('a label exported back to its event keeps an unknown `__proto__` field', () => {
    const event = labelEventOfRow({ kind: 'role', retrieval_id: 'r1', role: 'find', ts: null, extra: '{"__proto__":{"x":1},"constructor":2}' });
    expect(JSON.stringify(event)).toBe('{"type":"label","kind":"role","retrieval_id":"r1","role":"find","__proto__":{"x":1},"constructor":2}');
  });

  it('metrics by role keep a role named `__proto__` or `constructor`', () => {
    const row = (role: string | null) => ({ role, retrievals: 2, judged: 1 }) as unknown as TierRow;
    const { tier1, tier2 } = shapeTiers([row(null), row('__proto__'), row('constructor')], 10);
    expect(Object.keys(tier1.by_role)).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(tier2.by_role)).toEqual(['__proto__', 'constructor']);
    expect(tier1.by_role['constructor']).toMatchObject({ retrievals: 2 });
  });
});
