import { batchToIPC } from '../../engine/arrow-batch';
import type { FromChunkWorker, ToChunkWorker } from './chunk-protocol';
import { shiftSeq } from './chunk-merge';
import { ingestChunk, type ChunkInput, type ChunkOutput } from './ingest-chunk';

export type PostFromChunk = (message: FromChunkWorker, transfer: Transferable[]) => void;

const summary = ({ batches: _batches, ...rest }: ChunkOutput) => rest;

/**
 * What a chunk worker does with each request: parse a chunk alone, then settle it (shift its
 * `seq`, or parse it again) and hand back its rows as Arrow IPC. Runs in chunk.worker.ts, or in
 * process (tests).
 */
export function createChunkHandler(post: PostFromChunk): (message: ToChunkWorker) => void {
  /** The chunk parsed alone, kept until the coordinator says how it joins the file. */
  let pending: { input: ChunkInput; output: ChunkOutput } | null = null;
  return (message) => {
    if (message.kind === 'parse') {
      const input: ChunkInput = { ...message, seqStart: 0, seenRetrievalIds: new Set() };
      pending = { input, output: ingestChunk(input) };
      post({ kind: 'parsed', summary: summary(pending.output) }, []);
      return;
    }
    const { input } = pending!;
    let { output } = pending!;
    pending = null;
    const { settlement } = message;
    if (settlement.kind === 'shift') shiftSeq(output.batches, settlement.seqShift);
    else output = ingestChunk({ ...input, seqStart: settlement.seqStart, seenRetrievalIds: new Set(settlement.seenRetrievalIds), otlpStart: settlement.otlpStart });
    const batches = output.batches.map(({ table, batch }) => ({ table, ipc: batchToIPC(batch) }));
    post({ kind: 'settled', summary: summary(output), batches }, batches.map(({ ipc }) => ipc.buffer));
  };
}
