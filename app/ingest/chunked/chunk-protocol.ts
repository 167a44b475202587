import type { OtlpCounters } from '../otlp/ingest-otlp';
import type { ReadCounts } from '../record-acceptor';
import type { ChunkSettlement } from './chunk-merge';

/** What the merge needs of a chunk, and what the file's result adds up. */
export interface ChunkSummary extends ReadCounts {
  /** The OTLP counters at the chunk's end (equal to its start when it held no trace document). */
  otlp: OtlpCounters;
}

export interface ParseChunkRequest {
  bytes: Uint8Array;
  first: boolean;
  fileId: number;
  fileName: string;
  lineOffset: number;
  batchRows: number;
}

/** What a chunk worker answers (lib/worker-rpc.ts): parse a chunk alone, then settle it. */
export type ChunkProtocol = {
  parse: { request: ParseChunkRequest; result: { summary: ChunkSummary } };
  /** The chunk's rows as Arrow IPC, in the order they are to be inserted. */
  settle: { request: { settlement: ChunkSettlement }; result: { summary: ChunkSummary; batches: { table: string; ipc: Uint8Array }[] } };
};
