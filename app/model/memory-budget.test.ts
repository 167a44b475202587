import { describe, expect, it } from 'vitest';
import { estimateMemory, memoryBudget, parseByteSize, TYPICAL_GZIP_RATIO } from './memory-budget';

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

describe('estimateMemory', () => {
  it('counts text at twice its size and gzip at its trailer size when the trailer is believable', () => {
    const estimate = estimateMemory([
      { name: 'a.jsonl', size: 10 * MIB },
      { name: 'b.jsonl.gz', size: 1 * MIB, gzipTrailerSize: 9 * MIB },
    ], 100 * MIB);
    expect(estimate.files.map((file) => [file.expandedFrom, file.expandedBytes, file.memoryBytes])).toEqual([
      ['size', 10 * MIB, 20 * MIB],
      ['gzip-trailer', 9 * MIB, 18 * MIB],
    ]);
    expect(estimate).toMatchObject({ memoryBytes: 38 * MIB, overBudget: false, sampleEvery: 1 });
  });

  it('falls back to a typical ratio when the trailer is wrapped (over 4 GiB) or unread', () => {
    // 10 GB of zeros in 10 MB: the trailer holds 10 GB mod 2^32, which may be smaller than the file.
    const bomb = estimateMemory([{ name: 'zeros.jsonl.gz', size: 10 * MIB, gzipTrailerSize: 1000 }], 1 * GIB);
    expect(bomb.files[0]).toMatchObject({ expandedFrom: 'gzip-ratio', expandedBytes: 10 * MIB * TYPICAL_GZIP_RATIO });
    expect(estimateMemory([{ name: 'x.csv.gz', size: MIB }], GIB).files[0].expandedFrom).toBe('gzip-ratio');
  });

  it('believes the ratio measured on the head over a trailer that has wrapped past 4 GiB', () => {
    // 10 GiB of zeros in 10 MiB (1024×): ISIZE is 10 GiB mod 4 GiB = 2 GiB, above the file size but wrapped.
    const bomb = { name: 'zeros.jsonl.gz', size: 10 * MIB, gzipTrailerSize: 2 * GIB, gzipHeadRatio: 1024 };
    expect(estimateMemory([bomb], 2 * GIB).files[0]).toMatchObject({ expandedFrom: 'gzip-head', expandedBytes: 10 * GIB, memoryBytes: 20 * GIB });
    // Under 4 GiB the trailer is exact, whatever the head says.
    const plain = { name: 'logs.jsonl.gz', size: 10 * MIB, gzipTrailerSize: 70 * MIB, gzipHeadRatio: 9 };
    expect(estimateMemory([plain], GIB).files[0]).toMatchObject({ expandedFrom: 'gzip-trailer', expandedBytes: 70 * MIB });
    // Several members (the trailer is the last one's): the head's ratio.
    const members = { name: 'joined.jsonl.gz', size: 10 * MIB, gzipTrailerSize: 1000, gzipHeadRatio: 6 };
    expect(estimateMemory([members], GIB).files[0]).toMatchObject({ expandedFrom: 'gzip-head', expandedBytes: 60 * MIB });
  });

  it('does not read bytes after the data (trailing garbage) as a believable trailer', () => {
    // 1 MiB of gzip cannot expand beyond ~1032 MiB; a 1.8 GiB "ISIZE" is garbage: the head's ratio is used.
    const garbage = { name: 'tail.jsonl.gz', size: 1 * MIB, gzipTrailerSize: 1.8 * GIB, gzipHeadRatio: 7 };
    expect(estimateMemory([garbage], GIB).files[0]).toMatchObject({ expandedFrom: 'gzip-head', expandedBytes: 7 * MIB });
  });

  it('over the budget, names the k of every k-th session that fits', () => {
    // 3 files of 10 MiB text: 60 MiB in memory; a 25 MiB budget needs every 3rd session (60/25 = 2.4 → 3).
    const files = ['a', 'b', 'c'].map((name) => ({ name: `${name}.jsonl`, size: 10 * MIB }));
    expect(estimateMemory(files, 25 * MIB)).toMatchObject({ memoryBytes: 60 * MIB, overBudget: true, sampleEvery: 3 });
    expect(estimateMemory(files, 60 * MIB)).toMatchObject({ overBudget: false, sampleEvery: 1 });
  });

  it('expands Parquet more than text', () => {
    expect(estimateMemory([{ name: 'e.parquet', size: MIB }], GIB).memoryBytes).toBe(5 * MIB);
  });
});

describe('memoryBudget', () => {
  it('takes a valid configured budget first', () => {
    expect(memoryBudget({ configured: '64MB', deviceMemoryGiB: 8 })).toEqual({ bytes: 64e6, source: 'configured' });
    expect(memoryBudget({ configured: 'lots', deviceMemoryGiB: 8 })).toEqual({ bytes: 2 * GIB, source: 'device' });
  });

  it('uses a quarter of the device memory and the heap limit, never above 2 GiB', () => {
    expect(memoryBudget({ deviceMemoryGiB: 4 })).toEqual({ bytes: 1 * GIB, source: 'device' });
    expect(memoryBudget({ deviceMemoryGiB: 4, jsHeapSizeLimit: 512 * MIB })).toEqual({ bytes: 512 * MIB, source: 'device' });
    expect(memoryBudget({ deviceMemoryGiB: 32 })).toEqual({ bytes: 2 * GIB, source: 'device' });
    expect(memoryBudget({})).toEqual({ bytes: 1 * GIB, source: 'fallback' });
  });
});

describe('parseByteSize', () => {
  it.each([
    ['1500000', 1_500_000], ['512MB', 512e6], ['2 gb', 2e9], ['1.5k', 1500], ['0', null], ['-3MB', null], ['12TB', null], ['', null],
  ])('%s → %s', (text, bytes) => expect(parseByteSize(text)).toBe(bytes));
});
