import type { InputFile } from './load-files';

/** An in-memory file, streamed in small chunks so that every reader meets chunk boundaries. */
export function textInputFile(name: string, content: string | Uint8Array, chunkBytes = 7): InputFile {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return {
    name,
    size: bytes.byteLength,
    stream: () => {
      let offset = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= bytes.byteLength) return controller.close();
          controller.enqueue(bytes.slice(offset, offset + chunkBytes));
          offset += chunkBytes;
        },
      });
    },
  };
}
