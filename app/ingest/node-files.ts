import { createReadStream, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { InputFile } from './load-files';
import type { RandomAccessSource } from './parquet/random-access';
import { ReadProblem } from './text-decode';

/** A file on disk read by byte ranges, each read opening and closing the file. */
function nodeFileSource(filePath: string, byteLength: number): RandomAccessSource {
  return {
    byteLength,
    async slice(start, end = byteLength) {
      const handle = await open(filePath, 'r');
      try {
        const bytes = new Uint8Array(Math.max(0, Math.min(end, byteLength) - start));
        let offset = 0;
        while (offset < bytes.byteLength) {
          const { bytesRead } = await handle.read(bytes, offset, bytes.byteLength - offset, start + offset);
          if (bytesRead === 0) break;
          offset += bytesRead;
        }
        return bytes.buffer.slice(0, offset);
      } finally {
        await handle.close();
      }
    },
  };
}

/** A stream that fails at once: a FIFO or a device would block the read, or never end. */
const refused = (message: string) => new ReadableStream<Uint8Array>({ start: (controller) => controller.error(new ReadProblem(message)) });

/** A file on disk as an ingest input, streamed in chunks. */
export function nodeInputFile(filePath: string): InputFile {
  const stat = statSync(filePath);
  const size = stat.size;
  return {
    name: path.basename(filePath),
    size,
    stream: () =>
      stat.isFile()
        ? (Readable.toWeb(createReadStream(filePath, { highWaterMark: 1 << 20 })) as unknown as ReadableStream<Uint8Array>)
        : refused('not a regular file (a named pipe, socket or device): save the logs to a file and load that'),
    source: stat.isFile() ? () => nodeFileSource(filePath, size) : undefined,
  };
}
