/**
 * A file read by byte ranges. Parquet keeps its schema and row-group index at the end of the
 * file, so it is read from the footer first and then one column chunk at a time, never whole.
 * hyparquet calls this shape an AsyncBuffer.
 */
export interface RandomAccessSource {
  byteLength: number;
  slice(start: number, end?: number): Promise<ArrayBuffer>;
}

/** A picked or dropped file (a Blob): each slice reads only its range from disk. */
export function blobSource(blob: Blob): RandomAccessSource {
  return { byteLength: blob.size, slice: (start, end) => blob.slice(start, end).arrayBuffer() };
}

export function bytesSource(bytes: Uint8Array): RandomAccessSource {
  return {
    byteLength: bytes.byteLength,
    slice: async (start, end = bytes.byteLength) => bytes.slice(start, end).buffer as ArrayBuffer,
  };
}

/** A source that only has a stream (a download) is read into memory first. */
export async function sourceFromStream(stream: ReadableStream<Uint8Array>): Promise<RandomAccessSource> {
  return bytesSource(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** Counts the bytes read through a source, for progress. */
export function countingSource(source: RandomAccessSource, onBytes: (bytes: number) => void): RandomAccessSource {
  let read = 0;
  return {
    byteLength: source.byteLength,
    async slice(start, end) {
      const buffer = await source.slice(start, end);
      read = Math.min(source.byteLength, read + buffer.byteLength);
      onBytes(read);
      return buffer;
    },
  };
}
