import type { Engine } from '../engine/engine';
import { finalizeLoad, forgetFile, recordFile, recordTraceRows } from '../engine/dataset';
import { failedFile, FINGERPRINT_HEAD_BYTES, fileFingerprint, skippedAsLoaded, streamHead } from './file-fingerprint';
import { ingestFile, type FileIngestResult, type IngestProgress } from './ingest-file';
import type { ChunkWorkers } from './chunked/chunk-pool';
import { ingestInParallel, splitsAcrossWorkers } from './chunked/ingest-parallel';
import type { LoadState } from './load-state';
import { storeResolvedTraces, withTraceCounts } from './otlp/store-traces';
import type { RandomAccessSource } from './parquet/random-access';

export interface InputFile {
  name: string;
  size: number | null;
  stream(): ReadableStream<Uint8Array>;
  /** The file by byte ranges, when its source allows (Parquet; a large JSON Lines file parsed in parallel). */
  source?(): RandomAccessSource;
}

async function fingerprintOf(file: InputFile): Promise<string> {
  const source = file.source?.();
  const head = source ? new Uint8Array(await source.slice(0, Math.min(FINGERPRINT_HEAD_BYTES, source.byteLength))) : await streamHead(file.stream());
  return fileFingerprint(file.name, file.size, head);
}

/** A file split across the pool's workers (ingest-parallel.ts) when it is large plain JSON Lines; else read whole here. */
async function ingestOne(engine: Engine, file: InputFile, fileId: number, state: LoadState, pool: ChunkWorkers | undefined, onProgress?: (progress: IngestProgress) => void, signal?: AbortSignal) {
  const common = { fileId, fileName: file.name, seqStart: state.nextSeq, seenRetrievalIds: state.seenRetrievalIds, target: storeIn(engine), onProgress, signal };
  const source = file.source?.();
  if (pool && source && (await splitsAcrossWorkers(source, file.name))) return ingestInParallel({ ...common, file: source, pool });
  return ingestFile({ ...common, traces: state.traces, stream: file.stream(), source, totalBytes: file.size });
}

const storeIn = (engine: Engine) => ({ insert: (table: string, ipc: Uint8Array) => engine.insertArrowIPC(table, ipc) });

/** The traces of the load's files, resolved whole and stored under their files (otlp/store-traces.ts). */
async function storeTraces(engine: Engine, state: LoadState, results: FileIngestResult[]): Promise<void> {
  if (state.traces.isEmpty) return;
  await engine.exec('BEGIN TRANSACTION');
  const counts = await storeResolvedTraces(state, storeIn(engine));
  for (const fileCounts of counts) {
    await recordTraceRows(engine, fileCounts);
    const index = results.findIndex((result) => result.fileId === fileCounts.fileId);
    if (index >= 0) results[index] = withTraceCounts(results[index], fileCounts);
  }
  await engine.exec('COMMIT');
}

/**
 * In-process load (Node: tests, command line): parse, validate and insert each file in turn (a
 * large JSON Lines file by the `pool`'s workers, when given). A file that fails is taken back
 * whole and the next one is read; a file loaded before is skipped; a cancelled load (AbortError)
 * stops. `finalize: false` leaves the post-load tables to the caller (a test of the passes between chunks).
 */
export async function loadFiles(
  engine: Engine,
  files: InputFile[],
  state: LoadState,
  onProgress?: (progress: IngestProgress) => void,
  signal?: AbortSignal,
  pool?: ChunkWorkers,
  { finalize = true }: { finalize?: boolean } = {},
): Promise<FileIngestResult[]> {
  const results: FileIngestResult[] = [];
  for (const file of files) {
    const fileId = state.nextFileId++;
    const mark = state.mark();
    let result: FileIngestResult;
    // Each file is one transaction, as in the browser (browser-loader.ts): DuckDB writes whole row groups instead of committing every batch.
    await engine.exec('BEGIN TRANSACTION');
    try {
      // A file that cannot even be opened is left to the ingest to describe.
      const fingerprint = await fingerprintOf(file).catch(() => null);
      const loadedAs = fingerprint === null ? null : state.loadedAs(fingerprint);
      if (loadedAs !== null) result = skippedAsLoaded(fileId, file.name, file.size, loadedAs);
      else {
        result = await ingestOne(engine, file, fileId, state, pool, onProgress, signal);
        const kept = state.fileRead(result, fingerprint);
        if (kept !== null) result.fingerprint = kept;
      }
    } catch (error) {
      await engine.exec('ROLLBACK');
      await forgetFile(engine, fileId);
      state.forgetSince(mark);
      state.traces.forgetFile(fileId);
      if ((error as Error).name === 'AbortError') {
        await storeTraces(engine, state, results);
        await finalizeLoad(engine);
        throw error;
      }
      result = failedFile(fileId, file.name, file.size, error);
      await engine.exec('BEGIN TRANSACTION');
    }
    await recordFile(engine, result);
    await engine.exec('COMMIT');
    // The ids stay in the state, which checks repeats; kept with every file's result, 100M events' would be 40M strings.
    results.push({ ...result, retrievalIds: [] });
  }
  await storeTraces(engine, state, results);
  if (finalize) await finalizeLoad(engine);
  return results;
}
