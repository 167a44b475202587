import type { SessionSample } from '../lib/session-sample';
import type { FileIngestResult, IngestProgress } from './ingest-file';
import type { TraceFileCounts } from './otlp/store-traces';

/** A file to load: a picked/dropped File, or a same-origin URL (the bundled samples). */
export type LoadInput = ({ kind: 'file'; file: File } | { kind: 'url'; name: string; url: string }) & {
  /** Only the sessions of this sample are loaded (a file set too big for the memory budget). */
  sessionSample?: SessionSample | null;
};

export type ToIngestWorker =
  | { kind: 'load'; inputs: LoadInput[] }
  | { kind: 'inserted'; batchId: number }
  | { kind: 'cancel' }
  | { kind: 'resume'; nextFileId: number; nextSeq: number; retrievalIds: string[] }
  | { kind: 'reset' }
  /** Rows were stored outside a load (labels given in the browser): later loads number theirs after `nextSeq`. */
  | { kind: 'advance'; nextSeq: number };

export type FromIngestWorker =
  | { kind: 'batch'; batchId: number; table: string; ipc: Uint8Array }
  | { kind: 'progress'; fileIndex: number; fileCount: number; progress: IngestProgress }
  | { kind: 'file-done'; result: FileIngestResult }
  /** Small files read as one group (small-file-group.ts): their batches came first; each file is recorded, in one transaction. */
  | { kind: 'files-done'; results: FileIngestResult[] }
  | { kind: 'file-cancelled'; fileId: number; fileName: string }
  /** The file could not be loaded: its rows are to be rolled back, the result (with its error) recorded, and the load goes on. */
  | { kind: 'file-failed'; result: FileIngestResult }
  /** The load's traces were resolved and their rows sent: each file's record gains them. */
  | { kind: 'traces-done'; counts: TraceFileCounts[] }
  | { kind: 'load-done'; cancelled: boolean }
  | { kind: 'load-failed'; message: string };
