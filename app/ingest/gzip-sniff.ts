/**
 * Decompresses when the bytes are gzip (magic 1f 8b), whatever the name says: a web server may
 * already have undone the compression of a `.gz` file (Content-Encoding), and a renamed file
 * may be compressed.
 */
export async function gunzipIfCompressed(stream: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const reader = stream.getReader();
  const first = await reader.read();
  const head = first.value;
  const replayed = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head) controller.enqueue(head);
      if (first.done) controller.close();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const isGzip = head !== undefined && head.byteLength >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  return isGzip ? replayed.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>) : replayed;
}
