import { describe, expect, it } from 'vitest';
import { mulberry32 } from './seeded-random';
import { CompactIdSet } from './id-set';

describe('CompactIdSet', () => {
  it('holds ids as a set: no repeats, insertion order, deletes, size, clear', () => {
    const ids = new CompactIdSet(8);
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) ids.add(id);
    ids.add('a').add('e').add('g');
    expect(ids.size).toBe(7);
    expect([...ids]).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(ids.has('f')).toBe(true);
    expect(ids.has('z')).toBe(false);
    expect(ids.delete('b')).toBe(true);
    expect(ids.delete('b')).toBe(false);
    expect(ids.has('b')).toBe(false);
    // A deleted id may come back, at the end.
    ids.add('b');
    expect([...ids]).toEqual(['a', 'c', 'd', 'e', 'f', 'g', 'b']);
    ids.clear();
    expect(ids.size).toBe(0);
    expect([...ids]).toEqual([]);
    expect(ids.has('a')).toBe(false);
  });

  it('tells apart ids that only differ where UTF-8 cannot: lone surrogates, and the empty id', () => {
    const ids = new CompactIdSet();
    const odd = ['\ud800', '\udc00', 'x\ud83d', 'x\ud83e', '\ufffd', '', 'é✓😀', 'ÿ'];
    for (const id of odd) ids.add(id);
    expect(ids.size).toBe(odd.length);
    expect([...ids]).toEqual(odd);
    for (const id of odd) expect(ids.has(id)).toBe(true);
    expect(ids.has('\ud801')).toBe(false);
  });

  it('agrees with a Set over many random adds, deletes and lookups, across buffers and table growth', () => {
    const next = mulberry32(7);
    const ids = new CompactIdSet(1000);
    const reference = new Set<string>();
    const pool = Array.from({ length: 6000 }, (_, i) => (i % 97 === 0 ? `long-${'x'.repeat(1500)}-${i}` : `r-${Math.floor(next() * 1e9).toString(36)}-${i % 13}`));
    for (let step = 0; step < 60_000; step++) {
      const id = pool[Math.floor(next() * pool.length)];
      const roll = next();
      if (roll < 0.6) {
        ids.add(id);
        reference.add(id);
      } else if (roll < 0.75) expect(ids.delete(id)).toBe(reference.delete(id));
      else expect(ids.has(id)).toBe(reference.has(id));
    }
    expect(ids.size).toBe(reference.size);
    expect([...ids]).toEqual([...reference]);
  });
});
