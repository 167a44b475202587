/// <reference lib="webworker" />
import { batchToIPC } from '../../engine/arrow-batch';
import type { FromChunkWorker, ToChunkWorker } from './chunk-protocol';
import { shiftSeq } from './chunk-merge';
import { ingestChunk, type ChunkInput, type ChunkOutput } from './ingest-chunk';

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** The chunk parsed alone, kept until the coordinator says how it joins the file. */
let pending: { input: ChunkInput; output: ChunkOutput } | null = null;

const summary = ({ batches: _batches, ...rest }: ChunkOutput) => rest;
const post = (message: FromChunkWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = (event: MessageEvent<ToChunkWorker>) => {
  const message = event.data;
  if (message.kind === 'parse') {
    const input: ChunkInput = { ...message, seqStart: 0, seenRetrievalIds: new Set() };
    pending = { input, output: ingestChunk(input) };
    post({ kind: 'parsed', summary: summary(pending.output) });
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
