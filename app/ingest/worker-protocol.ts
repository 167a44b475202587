import type { SessionSample } from '../lib/session-sample';
import type { FileIngestResult, IngestProgress } from './ingest-file';
import type { LoadState } from './load-state';
import type { TraceFileCounts } from './otlp/store-traces';

/** A file to load: a picked/dropped File, or a same-origin URL (the bundled samples). */
export type LoadInput = ({ kind: 'file'; file: File } | { kind: 'url'; name: string; url: string }) & {
  /** Only the sessions of this sample are loaded (a file set too big for the memory budget). */
  sessionSample?: SessionSample | null;
};

/** What the ingest worker reports during a load, in order with the batches it has the page insert. */
export type LoadEvent =
  | { kind: 'progress'; fileIndex: number; fileCount: number; progress: IngestProgress }
  | { kind: 'file-done'; result: FileIngestResult }
  /** Small files read as one group (small-file-group.ts): their batches came first; each file is recorded, in one transaction. */
  | { kind: 'files-done'; results: FileIngestResult[] }
  | { kind: 'file-cancelled'; fileId: number; fileName: string }
  /** The file could not be loaded: its rows are to be rolled back, the result (with its error) recorded, and the load goes on. */
  | { kind: 'file-failed'; result: FileIngestResult }
  /** The load's traces were resolved and their rows sent: each file's record gains them. */
  | { kind: 'traces-done'; counts: TraceFileCounts[] };

/** What the ingest worker answers (lib/worker-rpc.ts). Cancelling `load` stops it after the file being read. */
export type IngestProtocol = {
  load: { request: { inputs: LoadInput[] }; progress: LoadEvent; result: { cancelled: boolean } };
  /** The next load starts from empty. */
  reset: { request: null; result: void };
  /** The next load continues after rows already stored (a restored dataset). */
  resume: { request: Parameters<LoadState['resume']>[0]; result: void };
  /** Rows were stored outside a load (labels given in the browser): later loads number theirs after `nextSeq`. */
  advance: { request: { nextSeq: number }; result: void };
};

/** What the page answers the ingest worker: store a batch (its buffer moved); the answer comes once it is stored. */
export type IngestPageProtocol = {
  insert: { request: { table: string; ipc: Uint8Array }; result: void };
};
