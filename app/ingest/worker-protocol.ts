import type { FileIngestResult, IngestProgress } from './ingest-file';

/** A file to load: a picked/dropped File, or a same-origin URL (the bundled samples). */
export type LoadInput = { kind: 'file'; file: File } | { kind: 'url'; name: string; url: string };

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
  | { kind: 'file-cancelled'; fileId: number; fileName: string }
  | { kind: 'load-done'; cancelled: boolean }
  | { kind: 'load-failed'; message: string };
