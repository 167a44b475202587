import type { Engine } from '../engine/engine';
import { finalizeLoad, forgetFile, recordFile } from '../engine/dataset';
import { ingestFile, type FileIngestResult, type IngestProgress } from './ingest-file';
import type { LoadState } from './load-state';
import type { RandomAccessSource } from './parquet/random-access';

export interface InputFile {
  name: string;
  size: number | null;
  stream(): ReadableStream<Uint8Array>;
  /** The file by byte ranges (Parquet), when its source allows. */
  source?(): RandomAccessSource;
}

/** In-process load (Node: tests, command line): parse, validate and insert each file in turn. */
export async function loadFiles(
  engine: Engine,
  files: InputFile[],
  state: LoadState,
  onProgress?: (progress: IngestProgress) => void,
  signal?: AbortSignal,
): Promise<FileIngestResult[]> {
  const results: FileIngestResult[] = [];
  for (const file of files) {
    const fileId = state.nextFileId++;
    try {
      const result = await ingestFile({
        fileId, fileName: file.name, stream: file.stream(), source: file.source?.(), totalBytes: file.size, seqStart: state.nextSeq,
        seenRetrievalIds: state.seenRetrievalIds, target: { insert: (table, ipc) => engine.insertArrowIPC(table, ipc) },
        onProgress, signal,
      });
      state.nextSeq += result.events;
      await recordFile(engine, result);
      results.push(result);
    } catch (error) {
      await forgetFile(engine, fileId);
      await finalizeLoad(engine);
      throw error;
    }
  }
  await finalizeLoad(engine);
  return results;
}
