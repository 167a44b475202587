import { describe, expect, it } from 'vitest';
import { LargeIdSet } from './id-set';

describe('LargeIdSet', () => {
  it('holds ids across several parts as one set: no repeats, insertion order, deletes, size', () => {
    const ids = new LargeIdSet(3);
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) ids.add(id);
    // Repeats of ids in the first, a middle and the last part go nowhere.
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
  });
});
