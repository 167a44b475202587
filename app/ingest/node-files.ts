import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { InputFile } from './load-files';

/** A file on disk as an ingest input, streamed in chunks. */
export function nodeInputFile(filePath: string): InputFile {
  return {
    name: path.basename(filePath),
    size: statSync(filePath).size,
    stream: () => Readable.toWeb(createReadStream(filePath, { highWaterMark: 1 << 20 })) as unknown as ReadableStream<Uint8Array>,
  };
}
