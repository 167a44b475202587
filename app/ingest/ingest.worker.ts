import { httpFileSize, type HttpFileSize } from './http-size';
import { ChunkPool } from './chunked/chunk-pool';
import { ingestInParallel, splitsAcrossWorkers } from './chunked/ingest-parallel';
import { ingestFile, type FileIngestResult, type IngestProgress } from './ingest-file';
import { failedFile, FINGERPRINT_HEAD_BYTES, fileFingerprint, skippedAsLoaded } from './file-fingerprint';
import { LoadState } from './load-state';
import { storeResolvedTraces } from './otlp/store-traces';
import { blobSource, type RandomAccessSource } from './parquet/random-access';
import { ReadAhead } from './read-ahead';
import { SMALL_FILE_BYTES, SmallFileGroup, smallFileBatchRows } from './small-file-group';
import { workerScopeEndpoint } from '../lib/worker-endpoints';
import { WorkerPeer, type HandlerContext } from '../lib/worker-rpc';
import type { IngestPageProtocol, IngestProtocol, LoadEvent, LoadInput } from './worker-protocol';

const page = new WorkerPeer<IngestPageProtocol, IngestProtocol>(workerScopeEndpoint(), 'the page');
const state = new LoadState();
const pool = new ChunkPool();

// Two batches in flight let parsing (this worker) and inserting (DuckDB's worker) overlap,
// while memory stays bounded; the main thread applies batches in the order they were sent.
const MAX_BATCHES_IN_FLIGHT = 2;
const inFlight: Promise<void>[] = [];

async function insert(table: string, ipc: Uint8Array): Promise<void> {
  const inserted = page.call('insert', { table, ipc }, { transfer: [ipc.buffer] });
  inFlight.push(inserted);
  void inserted.then(() => inFlight.splice(inFlight.indexOf(inserted), 1));
  while (inFlight.length >= MAX_BATCHES_IN_FLIGHT) await inFlight[0];
}

interface OpenedInput {
  name: string;
  stream: ReadableStream<Uint8Array>;
  /** A picked file is read by byte ranges when its format wants it (Parquet). */
  source: RandomAccessSource | null;
  size: HttpFileSize;
}

/** `bytes`: a small file read whole already (one read of the file instead of two). */
async function open(input: LoadInput, bytes: Uint8Array | null): Promise<OpenedInput> {
  if (input.kind === 'file') {
    const { file } = input;
    const stream = bytes === null ? file.stream() : new ReadableStream<Uint8Array>({ start: (controller) => (controller.enqueue(bytes), controller.close()) });
    return { name: file.name, stream, source: blobSource(file), size: { streamBytes: file.size, encodedFileBytes: null } };
  }
  const response = await fetch(input.url);
  if (!response.ok || !response.body) throw new Error(`${input.name}: HTTP ${response.status}`);
  return { name: input.name, stream: response.body, source: null, size: httpFileSize(input.name, response.headers) };
}

/** The single-worker path: any format, gzip, a download; a small file into its group (`group`, with its bytes read whole). */
async function ingestOne(input: LoadInput, fileId: number, fileName: string, signal: AbortSignal, onProgress: (progress: IngestProgress) => void, bytes: Uint8Array | null, group: SmallFileGroup | null) {
  const source = await open(input, bytes);
  return ingestFile({
    fileId, fileName, bytes, stream: source.stream, source: source.source, totalBytes: source.size.streamBytes, encodedFileBytes: source.size.encodedFileBytes, seqStart: state.nextSeq,
    seenRetrievalIds: state.seenRetrievalIds, target: group?.target ?? { insert }, signal, onProgress, sessionSample: input.sessionSample, batchRows: bytes === null ? undefined : smallFileBatchRows(bytes.byteLength),
    // A sample keeps the records of some sessions as they are read: its traces are resolved document by document.
    traces: input.sessionSample ? null : state.traces, group: group?.rows,
  });
}

/** A picked file small enough to be read into a group with its neighbours (small-file-group.ts). */
const isSmall = (input: LoadInput) => input.kind === 'file' && input.file.size <= SMALL_FILE_BYTES && !input.sessionSample;

/** The group's rows, one batch per table, then its files' results: the page records them in one transaction. */
async function sendGroup(group: SmallFileGroup, post: (event: LoadEvent) => void): Promise<void> {
  if (group.isEmpty) return;
  const { results, batches } = group.take();
  for (const { table, ipc } of batches) await insert(table, ipc);
  post({ kind: 'files-done', results });
}

/** Progress of small files at most every 100 ms: one message (and one re-render) per tiny file would cost more than reading it. */
function throttled<T>(report: (value: T) => void): (value: T) => void {
  let last = 0;
  return (value) => {
    const now = Date.now();
    if (now - last < 100) return;
    last = now;
    report(value);
  };
}

async function load(inputs: LoadInput[], { signal, progress: post }: HandlerContext<LoadEvent>): Promise<{ cancelled: boolean }> {
  const group = new SmallFileGroup();
  const readAhead = new ReadAhead(
    inputs.map((input) => (isSmall(input) && input.kind === 'file' ? input.file.size : null)),
    (indices) => new Blob(indices.map((index) => (inputs[index] as { file: File }).file)).arrayBuffer(),
  );
  const reportSmall = throttled(({ fileIndex, progress }: { fileIndex: number; progress: IngestProgress }) => post({ kind: 'progress', fileIndex, fileCount: inputs.length, progress }));
  for (const [fileIndex, input] of inputs.entries()) {
    if (signal.aborted) break;
    const small = isSmall(input);
    if (!small) await sendGroup(group, post);
    const done = (result: FileIngestResult, failed = false) => {
      if (small) group.fileDone(result, failed);
      else post({ kind: failed ? 'file-failed' : 'file-done', result });
    };
    const fileId = state.nextFileId++;
    const fileName = input.kind === 'file' ? input.file.name : input.name;
    const mark = state.mark();
    try {
      const bytes = small ? await readAhead.take(fileIndex) : null;
      const head = async (file: File) => bytes?.subarray(0, FINGERPRINT_HEAD_BYTES) ?? new Uint8Array(await file.slice(0, FINGERPRINT_HEAD_BYTES).arrayBuffer());
      const fingerprint = input.kind === 'file' ? await fileFingerprint(fileName, input.file.size, await head(input.file)) : null;
      const loadedAs = fingerprint === null ? null : state.loadedAs(fingerprint);
      if (loadedAs !== null) {
        done(skippedAsLoaded(fileId, fileName, input.kind === 'file' ? input.file.size : null, loadedAs));
      } else {
        const onProgress = small
          ? (progress: IngestProgress) => reportSmall({ fileIndex, progress })
          : (progress: IngestProgress) => post({ kind: 'progress', fileIndex, fileCount: inputs.length, progress });
        const result =
          input.kind === 'file' && !small && !input.sessionSample && (await splitsAcrossWorkers(blobSource(input.file), fileName))
            ? await ingestInParallel({ fileId, fileName, file: blobSource(input.file), pool, seqStart: state.nextSeq, seenRetrievalIds: state.seenRetrievalIds, target: { insert }, signal, onProgress })
            : await ingestOne(input, fileId, fileName, signal, onProgress, bytes, small ? group : null);
        const kept = state.fileRead(result, fingerprint, Boolean(input.sessionSample));
        // The ids stay here (this worker checks repeats); sent on, a million of them would be cloned on the page's thread.
        done({ ...result, retrievalIds: [], fingerprint: kept });
      }
    } catch (error) {
      // The file's rows are rolled back (a small file's were never sent) and its retrieval ids forgotten; the other files still load.
      state.forgetSince(mark);
      state.traces.forgetFile(fileId);
      if ((error as Error).name === 'AbortError') {
        // The files read before it are kept; the cancelled one leaves nothing.
        group.dropPending();
        await sendGroup(group, post);
        post({ kind: 'file-cancelled', fileId, fileName });
        break;
      }
      done(failedFile(fileId, fileName, input.kind === 'file' ? input.file.size : null, error), true);
    }
    if (group.isFull) await sendGroup(group, post);
  }
  readAhead.drop();
  await sendGroup(group, post);
  // The traces of the files read are resolved whole now that every span of them is in (otlp/store-traces.ts).
  if (!state.traces.isEmpty) post({ kind: 'traces-done', counts: await storeResolvedTraces(state, { insert }) });
  return { cancelled: signal.aborted };
}

page.serve({
  load: ({ inputs }, context) => load(inputs, context),
  reset: () => state.reset(),
  resume: (counters) => state.resume(counters),
  advance: ({ nextSeq }) => state.advance(nextSeq),
});
