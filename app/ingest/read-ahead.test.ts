import { describe, expect, it } from 'vitest';
import { ReadAhead } from './read-ahead';

/** Files whose bytes are their index, repeated size times; each read recorded with the indices it asked for. */
function files(sizes: (number | null)[], failing: number[] = []) {
  const reads: number[][] = [];
  const read = (indices: number[]) => {
    reads.push(indices);
    if (indices.some((index) => failing.includes(index))) return Promise.reject(new DOMException('changed since picked', 'NotReadableError'));
    const bytes = indices.flatMap((index) => Array.from({ length: sizes[index]! }, () => index));
    return Promise.resolve(new Uint8Array(bytes).buffer);
  };
  return { reads, read };
}

const taken = async (ahead: ReadAhead, index: number) => [...(await ahead.take(index))];

describe('small files read ahead', () => {
  it('gives each file its own bytes, read several files at a time, as far ahead as the limits allow', async () => {
    const sizes = Array.from({ length: 10 }, (_, i) => (i % 3) + 1);
    const { reads, read } = files(sizes);
    const ahead = new ReadAhead(sizes, read, { perRead: 3, files: 6, bytes: 1000 });
    for (let i = 0; i < sizes.length; i++) expect(await taken(ahead, i)).toEqual(Array.from({ length: sizes[i] }, () => i));
    expect(reads).toEqual([[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]);
  });

  it('holds no more bytes ahead than allowed (but always the next file, however big)', async () => {
    const sizes = [4, 4, 4, 10, 1];
    const { reads, read } = files(sizes);
    const ahead = new ReadAhead(sizes, read, { perRead: 8, files: 8, bytes: 8 });
    for (let i = 0; i < sizes.length; i++) await ahead.take(i);
    expect(reads).toEqual([[0, 1], [2], [3], [4]]);
  });

  it('stops at a file read in its own turn and starts again after it', async () => {
    const sizes = [1, 1, null, 1, 1];
    const { reads, read } = files(sizes);
    const ahead = new ReadAhead(sizes, read, { perRead: 4, files: 8, bytes: 100 });
    expect(await taken(ahead, 0)).toEqual([0]);
    expect(await taken(ahead, 1)).toEqual([1]);
    await expect(ahead.take(2)).rejects.toThrow('input 2 is not read ahead');
    expect(await taken(ahead, 3)).toEqual([3]);
    expect(await taken(ahead, 4)).toEqual([4]);
    expect(reads).toEqual([[0, 1], [3, 4]]);
  });

  it('a read that fails is made again file by file: only the file that cannot be read fails', async () => {
    const sizes = [1, 1, 1, 1];
    const { reads, read } = files(sizes, [1]);
    const ahead = new ReadAhead(sizes, read, { perRead: 4, files: 8, bytes: 100 });
    expect(await taken(ahead, 0)).toEqual([0]);
    await expect(ahead.take(1)).rejects.toThrow('changed since picked');
    expect(await taken(ahead, 2)).toEqual([2]);
    expect(await taken(ahead, 3)).toEqual([3]);
    expect(reads).toEqual([[0, 1, 2, 3], [0], [1], [2], [3]]);
  });
});
