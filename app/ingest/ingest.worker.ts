/// <reference lib="webworker" />
import { ingestFile } from './ingest-file';
import { LoadState } from './load-state';
import type { FromIngestWorker, LoadInput, ToIngestWorker } from './worker-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const state = new LoadState();
const pendingInserts = new Map<number, () => void>();
let nextBatchId = 1;
let abort: AbortController | null = null;

const post = (message: FromIngestWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

/** Sends a batch to the main thread and waits until DuckDB has it: this is the backpressure. */
function insert(table: 'events' | 'rejected', ipc: Uint8Array): Promise<void> {
  const batchId = nextBatchId++;
  return new Promise((resolve) => {
    pendingInserts.set(batchId, resolve);
    post({ kind: 'batch', batchId, table, ipc }, [ipc.buffer]);
  });
}

async function open(input: LoadInput): Promise<{ name: string; size: number | null; stream: ReadableStream<Uint8Array> }> {
  if (input.kind === 'file') return { name: input.file.name, size: input.file.size, stream: input.file.stream() };
  const response = await fetch(input.url);
  if (!response.ok || !response.body) throw new Error(`${input.name}: HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length'));
  return { name: input.name, size: Number.isFinite(length) && length > 0 ? length : null, stream: response.body };
}

async function load(inputs: LoadInput[]) {
  abort = new AbortController();
  const { signal } = abort;
  for (const [fileIndex, input] of inputs.entries()) {
    if (signal.aborted) break;
    const fileId = state.nextFileId++;
    const fileName = input.kind === 'file' ? input.file.name : input.name;
    try {
      const source = await open(input);
      const result = await ingestFile({
        fileId, fileName, stream: source.stream, totalBytes: source.size, seqStart: state.nextSeq,
        seenRetrievalIds: state.seenRetrievalIds, target: { insert }, signal,
        onProgress: (progress) => post({ kind: 'progress', fileIndex, fileCount: inputs.length, progress }),
      });
      state.nextSeq += result.events;
      post({ kind: 'file-done', result });
    } catch (error) {
      if ((error as Error).name === 'AbortError') {
        post({ kind: 'file-cancelled', fileId, fileName });
        break;
      }
      post({ kind: 'load-failed', message: `${fileName}: ${(error as Error).message}` });
      return;
    }
  }
  post({ kind: 'load-done', cancelled: signal.aborted });
}

scope.onmessage = (event: MessageEvent<ToIngestWorker>) => {
  const message = event.data;
  switch (message.kind) {
    case 'load':
      void load(message.inputs);
      break;
    case 'inserted':
      pendingInserts.get(message.batchId)?.();
      pendingInserts.delete(message.batchId);
      break;
    case 'cancel':
      abort?.abort();
      break;
    case 'reset':
      state.reset();
      break;
  }
};
