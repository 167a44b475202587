import { shiftIntColumn } from '../../engine/arrow-batch';
import type { OtlpCounters } from '../otlp/ingest-otlp';
import type { ChunkBatch } from './ingest-chunk';
import type { ChunkSummary } from './chunk-protocol';
import type { IdSet } from '../../lib/id-set';

/** How a chunk parsed on its own (seq from 0, no earlier ids, OTLP counters at 0) joins the file. */
export type ChunkSettlement =
  /** Its rows stand; their `seq` move up by `seqShift`. */
  | { kind: 'shift'; seqShift: number }
  /**
   * It repeats an earlier chunk's retrieval id, or continues an earlier chunk's OTLP numbering:
   * it is parsed again from these starting points (rare, and then exact).
   */
  | { kind: 'again'; seqStart: number; seenRetrievalIds: string[]; otlpStart: OtlpCounters };

const hasOtlp = (counters: OtlpCounters) => counters.spanSeq > 0 || counters.eventOrdinal > 0;

/**
 * Joins a file's chunks in file order, so that the result is the one reading the file whole
 * would give: `seq` continues from chunk to chunk, and the first definition of a retrieval id
 * in file order wins (`seenRetrievalIds` holds the ids of earlier files and gains this file's).
 */
export class ChunkMerge {
  private seq: number;
  private otlp: OtlpCounters = { spanSeq: 0, eventOrdinal: 0 };

  constructor(seqStart: number, private readonly seenRetrievalIds: IdSet) {
    this.seq = seqStart;
  }

  /** What to do with the next chunk, given how it parsed on its own. */
  settle(alone: ChunkSummary): ChunkSettlement {
    const repeated = alone.retrievalIds.filter((id) => this.seenRetrievalIds.has(id));
    if (repeated.length > 0 || (hasOtlp(alone.otlp) && hasOtlp(this.otlp))) {
      return { kind: 'again', seqStart: this.seq, seenRetrievalIds: repeated, otlpStart: this.otlp };
    }
    return { kind: 'shift', seqShift: this.seq };
  }

  /** Records the chunk's final output (shifted, or parsed again). */
  accept(final: ChunkSummary): void {
    for (const id of final.retrievalIds) this.seenRetrievalIds.add(id);
    this.seq += final.events;
    if (hasOtlp(final.otlp)) this.otlp = final.otlp;
  }
}

/** Moves the `seq` of every event row up by `by` (rejected rows have none; spans keep theirs). */
export function shiftSeq(batches: ChunkBatch[], by: number): void {
  if (by === 0) return;
  for (const { table, batch } of batches) if (table.startsWith('events_')) shiftIntColumn(batch, 'seq', by);
}
