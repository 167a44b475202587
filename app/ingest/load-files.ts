import type { Engine } from '../engine/engine';
import { finalizeLoad, forgetFile, recordFile } from '../engine/dataset';
import { failedFile, FINGERPRINT_HEAD_BYTES, fileFingerprint, skippedAsLoaded, streamHead } from './file-fingerprint';
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

async function fingerprintOf(file: InputFile): Promise<string> {
  const source = file.source?.();
  const head = source ? new Uint8Array(await source.slice(0, Math.min(FINGERPRINT_HEAD_BYTES, source.byteLength))) : await streamHead(file.stream());
  return fileFingerprint(file.name, file.size, head);
}

/**
 * In-process load (Node: tests, command line): parse, validate and insert each file in turn. A
 * file that fails is taken back whole and the next one is read; a file loaded before is skipped;
 * a cancelled load (AbortError) stops.
 */
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
    const mark = state.mark();
    let result: FileIngestResult;
    try {
      // A file that cannot even be opened is left to the ingest to describe.
      const fingerprint = await fingerprintOf(file).catch(() => null);
      const loadedAs = fingerprint === null ? null : state.loadedAs(fingerprint);
      if (loadedAs !== null) result = skippedAsLoaded(fileId, file.name, file.size, loadedAs);
      else {
        result = await ingestFile({
          fileId, fileName: file.name, stream: file.stream(), source: file.source?.(), totalBytes: file.size, seqStart: state.nextSeq,
          seenRetrievalIds: state.seenRetrievalIds, target: { insert: (table, ipc) => engine.insertArrowIPC(table, ipc) },
          onProgress, signal,
        });
        const kept = state.fileRead(result, fingerprint);
        if (kept !== null) result.fingerprint = kept;
      }
    } catch (error) {
      await forgetFile(engine, fileId);
      state.forgetSince(mark);
      if ((error as Error).name === 'AbortError') {
        await finalizeLoad(engine);
        throw error;
      }
      result = failedFile(fileId, file.name, file.size, error);
    }
    await recordFile(engine, result);
    results.push(result);
  }
  await finalizeLoad(engine);
  return results;
}
