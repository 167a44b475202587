import { peekHead } from './stream-head';

export interface MaybeDecompressed {
  stream: ReadableStream<Uint8Array>;
  /** True when the bytes were gzip and `stream` is what they hold. */
  decompressed: boolean;
}

/**
 * Decompresses when the bytes are gzip (magic 1f 8b), whatever the name says: a web server may
 * already have undone the compression of a `.gz` file (Content-Encoding), and a renamed file
 * may be compressed.
 */
export async function gunzipIfCompressed(source: ReadableStream<Uint8Array>): Promise<MaybeDecompressed> {
  const { head, stream } = await peekHead(source, 2);
  const isGzip = head.byteLength >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  if (!isGzip) return { stream, decompressed: false };
  return { stream: stream.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>), decompressed: true };
}
