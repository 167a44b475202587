export interface StreamHead {
  /** The first bytes: at least the bytes asked for, unless the stream ended first. */
  head: Uint8Array;
  /** True when `head` is the whole stream. */
  complete: boolean;
  /** The whole stream again, from its first byte. */
  stream: ReadableStream<Uint8Array>;
}

/** Reads the first `bytes` of a stream (across as many chunks as that takes) without losing them. */
export async function peekHead(source: ReadableStream<Uint8Array>, bytes: number): Promise<StreamHead> {
  const reader = source.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let complete = false;
  while (length < bytes) {
    const { done, value } = await reader.read();
    if (done) {
      complete = true;
      break;
    }
    chunks.push(value);
    length += value.byteLength;
  }
  const head = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    head.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (length > 0) controller.enqueue(head);
      if (complete) controller.close();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, complete, stream };
}
