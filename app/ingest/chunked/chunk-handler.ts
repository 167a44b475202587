import { batchToIPC } from '../../engine/arrow-batch';
import { withTransfer, type Handlers } from '../../lib/worker-rpc';
import type { ChunkProtocol } from './chunk-protocol';
import { shiftSeq } from './chunk-merge';
import { ingestChunk, type ChunkInput, type ChunkOutput } from './ingest-chunk';

const summary = ({ batches: _batches, ...rest }: ChunkOutput) => rest;

/**
 * What a chunk worker does with each request: parse a chunk alone, then settle it (shift its
 * `seq`, or parse it again) and hand back its rows as Arrow IPC, their buffers moved. Served in
 * chunk.worker.ts, node-chunk.worker.ts, or in process (tests).
 */
export function chunkHandlers(): Handlers<ChunkProtocol> {
  /** The chunk parsed alone, kept until the coordinator says how it joins the file. */
  let pending: { input: ChunkInput; output: ChunkOutput } | null = null;
  return {
    parse(request) {
      const input: ChunkInput = { ...request, seqStart: 0, seenRetrievalIds: new Set() };
      pending = { input, output: ingestChunk(input) };
      return { summary: summary(pending.output) };
    },
    settle({ settlement }) {
      const { input } = pending!;
      let { output } = pending!;
      pending = null;
      if (settlement.kind === 'shift') shiftSeq(output.batches, settlement.seqShift);
      else output = ingestChunk({ ...input, seqStart: settlement.seqStart, seenRetrievalIds: new Set(settlement.seenRetrievalIds), otlpStart: settlement.otlpStart });
      const batches = output.batches.map(({ table, batch }) => ({ table, ipc: batchToIPC(batch) }));
      return withTransfer({ summary: summary(output), batches }, batches.map(({ ipc }) => ipc.buffer));
    },
  };
}
