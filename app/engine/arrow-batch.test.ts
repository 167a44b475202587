import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import type { ColumnSpec } from '../schema/columns';
import { mulberry32 } from '../lib/seeded-random';
import { ArrowBatchBuilder, batchToIPC, shiftIntColumn } from './arrow-batch';

const SPECS: ColumnSpec[] = [
  { name: 'id', kind: 'int' },
  { name: 'name', kind: 'string' },
  { name: 'score', kind: 'number' },
  { name: 'flag', kind: 'boolean' },
  { name: 'tags', kind: 'strings' },
  { name: 'scores', kind: 'numbers' },
];

type Row = { id: number | null; name: string | null; score: number | null; flag: boolean | null; tags: string[] | null; scores: number[] | null };

/** Row i: some cells null, strings of every width (ASCII, accented, CJK, emoji, long), lists empty or not. */
function rowAt(i: number): Row {
  const names = ['a', '', 'café', '検索クエリ', 'rocket 🚀', 'x'.repeat(200), `long é ${'y'.repeat(100)}`];
  return {
    id: i % 7 === 3 ? null : i,
    name: i % 5 === 1 ? null : `${names[i % names.length]}-${i}`,
    score: i % 4 === 2 ? null : i / 8,
    flag: i % 3 === 0 ? null : i % 2 === 0,
    tags: i % 6 === 5 ? null : Array.from({ length: i % 4 }, (_, j) => `${names[(i + j) % names.length]}${j}`),
    scores: i % 9 === 8 ? null : Array.from({ length: i % 5 }, (_, j) => i + j / 10),
  };
}

const decoded = (ipc: Uint8Array) =>
  tableFromIPC(ipc).toArray().map((row) => {
    const value = row.toJSON() as Record<string, unknown>;
    for (const name of ['tags', 'scores']) if (name in value) value[name] = value[name] == null ? null : [...(value[name] as Iterable<unknown>)];
    return value;
  });

describe('ArrowBatchBuilder', () => {
  it('gives back every cell of rows added by index, past the room it started with and across flushes', () => {
    const builder = new ArrowBatchBuilder(SPECS, 16);
    const first = Array.from({ length: 3000 }, (_, i) => rowAt(i));
    for (const row of first) builder.addCells(SPECS.map(({ name }) => row[name as keyof Row]));
    expect(builder.length).toBe(3000);
    expect(decoded(builder.flush())).toEqual(first);
    expect(builder.length).toBe(0);
    const second = Array.from({ length: 5 }, (_, i) => rowAt(i + 11));
    for (const row of second) builder.addCells(SPECS.map(({ name }) => row[name as keyof Row]));
    expect(decoded(builder.flush())).toEqual(second);
  });

  it('reads rows by name, a name it does not know ignored and a name left out null', () => {
    const builder = new ArrowBatchBuilder(SPECS, 2);
    builder.add({ name: 'n', unknown: 'x', scores: [1.5] } as Record<string, string | number[]>);
    builder.add({ id: 4, tags: [], flag: false });
    expect(decoded(builder.flush())).toEqual([
      { id: null, name: 'n', score: null, flag: null, tags: null, scores: [1.5] },
      { id: 4, name: null, score: null, flag: false, tags: [], scores: null },
    ]);
  });

  it('moves an int column of a built batch, and a later batch is built on buffers of its own', () => {
    const builder = new ArrowBatchBuilder([{ name: 'seq', kind: 'int' }], 4);
    for (let i = 0; i < 3; i++) builder.addCells([i]);
    const batch = builder.flushBatch();
    builder.addCells([100]);
    shiftIntColumn(batch, 'seq', 10);
    expect([...batch.getChild('seq')!]).toEqual([10, 11, 12]);
    expect(decoded(builder.flush())).toEqual([{ seq: 100 }]);
  });

  it('truncated, holds exactly the rows before the cut (values and null counts), and rows written after it follow them', () => {
    const random = mulberry32(25);
    for (let trial = 0; trial < 200; trial++) {
      const builder = new ArrowBatchBuilder(SPECS, 4);
      const expected: Row[] = [];
      let next = 0;
      for (let step = 0; step < 6; step++) {
        const added = Math.floor(random() * 40);
        for (let i = 0; i < added; i++) {
          const row = rowAt(next++);
          builder.addCells(SPECS.map(({ name }) => row[name as keyof Row]));
          expected.push(row);
        }
        // a cut anywhere from 0 to every row, as a small file's rows are taken back whatever came before them
        const cut = Math.floor(random() * (expected.length + 1));
        builder.truncate(cut);
        expected.length = cut;
      }
      expect(builder.length).toBe(expected.length);
      const batch = builder.flushBatch();
      expect(decoded(batchToIPC(batch))).toEqual(expected);
      for (const [c, { name }] of SPECS.entries()) {
        expect(batch.getChildAt(c)!.nullCount, `${name} in trial ${trial}`).toBe(expected.filter((row) => row[name as keyof Row] === null).length);
      }
    }
  });
});
