const NEWLINE = 0x0a;
const CR = 0x0d;

/** Reads bytes [start, end) of the file (a Blob slice in the browser, a buffer in tests). */
export type ReadRange = (start: number, end: number) => Promise<Uint8Array>;

export interface ByteRange {
  start: number;
  end: number;
}

const PROBE_BYTES = 64 * 1024;

/** The offset just after the first '\n' at or after `from`, or `size` when none follows. */
async function lineEndAfter(read: ReadRange, from: number, size: number): Promise<number> {
  for (let start = from; start < size; start += PROBE_BYTES) {
    const bytes = await read(start, Math.min(size, start + PROBE_BYTES));
    const newline = bytes.indexOf(NEWLINE);
    if (newline !== -1) return start + newline + 1;
  }
  return size;
}

/**
 * Splits a file into byte ranges of about `chunkBytes`, each cut just after a '\n', so that
 * every range holds whole lines (a line longer than a chunk simply makes its range longer).
 */
export async function planChunks(read: ReadRange, size: number, chunkBytes: number): Promise<ByteRange[]> {
  const ranges: ByteRange[] = [];
  let start = 0;
  while (start < size) {
    const end = start + chunkBytes >= size ? size : await lineEndAfter(read, start + chunkBytes - 1, size);
    ranges.push({ start, end });
    start = end;
  }
  return ranges;
}

/** Line ends in whole lines of text: LF, CRLF and a lone CR (as the JSON Lines reader counts them). */
export function countNewlines(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) count++;
  for (let at = bytes.indexOf(CR); at !== -1; at = bytes.indexOf(CR, at + 1)) if (bytes[at + 1] !== NEWLINE) count++;
  return count;
}
