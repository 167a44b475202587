import { Gunzip } from 'fflate';
import { peekHead } from './stream-head';
import { ReadProblem } from './text-decode';

export interface MaybeDecompressed {
  stream: ReadableStream<Uint8Array>;
  /** True when the bytes were gzip and `stream` is what they hold. */
  decompressed: boolean;
  /**
   * Why the gzip data stopped being read (corrupt, cut short, trailing garbage, too large), once
   * `stream` has ended; null when it was read whole. The stream ends normally instead of failing,
   * so that all the text before the problem reaches the reader.
   */
  problem(): ReadProblem | null;
}

export interface GunzipBudget {
  /** Text up to this size is always read. */
  minBytes: number;
  /** Beyond it, text more than this many times the gzip bytes read is a "gzip bomb" and stops the file. */
  maxExpansion: number;
}

/** Logs compress 5 to 20 times; a file of zeros, a thousand. */
export const GUNZIP_BUDGET: GunzipBudget = { minBytes: 256 * 1024 * 1024, maxExpansion: 200 };

/** Gzip bytes inflated at a time: at most about a thousand times as much text comes out of one. */
const SLICE_BYTES = 16 * 1024;
const EMPTY = new Uint8Array(0);

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** fflate's error codes (0 unexpected EOF, 1–3 broken deflate data, 6 not a gzip header) as plain reasons. */
function gzipProblem(error: unknown): ReadProblem {
  const code = (error as { code?: number }).code;
  if (code === 0) return new ReadProblem('the gzip data ends early (the file is cut short or corrupt); the lines before that point are loaded');
  if (code === 6) return new ReadProblem('after the gzip data come bytes that are not gzip (trailing garbage): they are not read; the lines before them are loaded');
  return new ReadProblem('the gzip data is corrupt; the lines before the damage are loaded');
}

/**
 * The input's last bytes, by absolute offset: enough to find the 4-byte size at the end of a
 * member once the next member's header (which may hold a file name) is found.
 */
class RecentBytes {
  private bytes = EMPTY;
  private start = 0;

  add(slice: Uint8Array, total: number) {
    const keep = this.bytes.subarray(Math.max(0, this.bytes.length - 2 * SLICE_BYTES));
    const joined = new Uint8Array(keep.length + slice.length);
    joined.set(keep);
    joined.set(slice, keep.length);
    this.bytes = joined;
    this.start = total - joined.length;
  }

  /** The little-endian 32-bit number that ends at `end`, or null when it is no longer held. */
  uint32Before(end: number): number | null {
    const at = end - 4 - this.start;
    if (at < 0 || end - this.start > this.bytes.length) return null;
    return (this.bytes[at] | (this.bytes[at + 1] << 8) | (this.bytes[at + 2] << 16) | (this.bytes[at + 3] << 24)) >>> 0;
  }
}

/**
 * Inflates every member of a gzip file (`cat a.gz b.gz` is one valid file) with the same code
 * in the browser and in Node, whose own DecompressionStreams disagree on extra members and
 * trailing bytes. Text is made as it is read (backpressure), a small slice at a time, and stops
 * with a message once it outgrows the budget. Each member's text must come to the size its
 * trailer states (a file cut short does not), and the text before a failure is still handed on.
 */
function gunzipped(source: ReadableStream<Uint8Array>, budget: GunzipBudget): { stream: ReadableStream<Uint8Array>; problem: () => ReadProblem | null } {
  const reader = source.getReader();
  const out: Uint8Array[] = [];
  const recent = new RecentBytes();
  let memberText = 0;
  let failure: ReadProblem | null = null;
  const checkMemberEnd = (end: number) => {
    const stated = recent.uint32Before(end);
    if (stated !== null && stated !== memberText % 2 ** 32) failure ??= gzipProblem({ code: 0 });
    memberText = 0;
  };
  const gunzip = new Gunzip((data) => {
    memberText += data.byteLength;
    out.push(data);
  });
  gunzip.onmember = (offset) => checkMemberEnd(offset);
  let input: Uint8Array = EMPTY;
  let offset = 0;
  let ended = false;
  let gzipBytes = 0;
  let textBytes = 0;
  const inflate = (bytes: Uint8Array, final: boolean) => {
    try {
      gunzip.push(bytes, final);
      if (final) checkMemberEnd(gzipBytes);
    } catch (error) {
      failure ??= gzipProblem(error);
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (out.length === 0 && !failure) {
        if (offset < input.length) {
          const slice = input.subarray(offset, offset + SLICE_BYTES);
          offset += slice.length;
          gzipBytes += slice.length;
          recent.add(slice, gzipBytes);
          inflate(slice, false);
        } else if (ended) {
          controller.close();
          return;
        } else {
          const { done, value } = await reader.read();
          if (done) {
            ended = true;
            inflate(EMPTY, true);
          } else {
            input = value;
            offset = 0;
          }
        }
      }
      if (out.length === 0 && failure) {
        controller.close();
        await reader.cancel().catch(() => undefined);
        return;
      }
      for (const data of out) {
        textBytes += data.byteLength;
        controller.enqueue(data);
      }
      out.length = 0;
      // Checked after handing the slice's text on: the text up to the budget is read.
      if (textBytes > Math.max(budget.minBytes, budget.maxExpansion * gzipBytes)) {
        failure ??= new ReadProblem(
          `the gzip data expands too far (${megabytes(textBytes)} of text from ${megabytes(gzipBytes)}, over ${budget.maxExpansion} times): reading stopped there, as for a "gzip bomb"; the lines before are loaded`,
        );
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { stream, problem: () => failure };
}

/** Bytes that begin with gzip's magic number, 1f 8b. */
export const startsLikeGzip = (head: Uint8Array): boolean => head.byteLength >= 2 && head[0] === 0x1f && head[1] === 0x8b;

/**
 * Decompresses when the bytes are gzip (magic 1f 8b), whatever the name says: a web server may
 * already have undone the compression of a `.gz` file (Content-Encoding), and a renamed file
 * may be compressed.
 */
export async function gunzipIfCompressed(source: ReadableStream<Uint8Array>, budget: GunzipBudget = GUNZIP_BUDGET): Promise<MaybeDecompressed> {
  const { head, stream } = await peekHead(source, 2);
  if (!startsLikeGzip(head)) return { stream, decompressed: false, problem: () => null };
  return { ...gunzipped(stream, budget), decompressed: true };
}
