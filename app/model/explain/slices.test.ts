import { describe, expect, it } from 'vitest';
import { readSlice, writeSlice } from './slice-codec';
import { SLICE_SHAPES } from './signals';
import { listedSlices, sliceName, testedSlices, type SliceCountRow } from './slices';

const shapeOf = (...attributes: string[]) => SLICE_SHAPES.findIndex((shape) => shape.join() === attributes.join());

describe('the listed slices', () => {
  // 1,000 retrievals, 100 hits (10%)
  const rows: SliceCountRow[] = [
    { shape: shapeOf('retriever'), value1: 'dense', value2: null, n: 200, hits: 40 }, // lift 2
    { shape: shapeOf('query_words'), value1: '1–2', value2: null, n: 300, hits: 45 }, // lift 1.5
    { shape: shapeOf('retriever', 'query_words'), value1: 'dense', value2: '1–2', n: 60, hits: 30 }, // lift 5: above 1.1 × both
    { shape: shapeOf('role'), value1: 'find', value2: null, n: 200, hits: 40 }, // lift 2, same as dense: name breaks the tie
    { shape: shapeOf('role', 'retriever'), value1: 'find', value2: 'dense', n: 50, hits: 11 }, // lift 2.2: not above 1.1 × 2
    { shape: shapeOf('surface'), value1: 'web', value2: null, n: 500, hits: 30 }, // below the base rate
  ];
  const tested = testedSlices(rows, 1000, 100);

  it('keeps significant slices above the base rate, a pair only when it explains more than either part, by lift then name', () => {
    expect(listedSlices(tested).map((slice) => sliceName(slice.slice))).toEqual([
      'retriever=dense & query_words=1–2', 'retriever=dense', 'role=find', 'query_words=1–2',
    ]);
    expect(tested.find((slice) => slice.slice.surface === 'web')!.q_value).toBeLessThan(0.05);
  });

  it('writes a slice into the URL and reads it back; anything else reads as none', () => {
    const slice = { retriever: 'a;b=c', query_words: '1–2' };
    expect(readSlice(writeSlice(slice))).toEqual(slice);
    expect(readSlice('colour=red')).toBeNull();
    expect(readSlice('role=a;role=b')).toBeNull();
    expect(readSlice(null)).toBeNull();
  });
});
