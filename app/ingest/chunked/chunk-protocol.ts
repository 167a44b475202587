import type { OtlpCounters } from '../otlp/ingest-otlp';
import type { ReadCounts } from '../record-acceptor';
import type { ChunkSettlement } from './chunk-merge';

export type ToChunkWorker =
  | { kind: 'parse'; bytes: Uint8Array; first: boolean; fileId: number; fileName: string; lineOffset: number; batchRows: number }
  | { kind: 'settle'; settlement: ChunkSettlement };

/** What the merge needs of a chunk, and what the file's result adds up. */
export interface ChunkSummary extends ReadCounts {
  /** The OTLP counters at the chunk's end (equal to its start when it held no trace document). */
  otlp: OtlpCounters;
}

export type FromChunkWorker =
  | { kind: 'parsed'; summary: ChunkSummary }
  /** The chunk's rows as Arrow IPC, in the order they are to be inserted. */
  | { kind: 'settled'; summary: ChunkSummary; batches: { table: string; ipc: Uint8Array }[] };
