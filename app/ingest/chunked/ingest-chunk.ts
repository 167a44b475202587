import type { BuiltBatch } from '../../engine/arrow-batch';
import { createJsonLinesReader } from '../jsonl-reader';
import { createUtf8Decoding } from '../text-decode';
import type { RejectionReason } from '../../schema/rejection';
import type { OtlpCounters } from '../otlp/ingest-otlp';
import { RecordAcceptor } from '../record-acceptor';
import type { ChunkSummary } from './chunk-protocol';
import type { IdSet } from '../../lib/id-set';

export interface ChunkInput {
  /** Whole lines of a JSON Lines file: the bytes from the file's start or from just after a '\n'. */
  bytes: Uint8Array;
  /** The file's first chunk: a byte order mark at its start is dropped, as when reading the file whole. */
  first: boolean;
  fileId: number;
  fileName: string;
  /** Lines of the file before this chunk. */
  lineOffset: number;
  seqStart: number;
  /** Retrieval ids defined before this chunk that it may repeat; valid retrievals add theirs. */
  seenRetrievalIds: IdSet;
  otlpStart?: OtlpCounters;
  batchRows: number;
}

export interface ChunkBatch {
  table: string;
  batch: BuiltBatch;
}

export interface ChunkOutput extends ChunkSummary {
  batches: ChunkBatch[];
}

/**
 * One chunk of a JSON Lines file, parsed and validated exactly as ingest-file.ts does the whole
 * file, into record batches kept for the caller. Pure: runs in a chunk worker or in a test.
 */
export function ingestChunk(input: ChunkInput): ChunkOutput {
  const { fileId, fileName, lineOffset, seenRetrievalIds, batchRows } = input;
  const output: ChunkOutput = {
    batches: [], events: 0, rejected: 0, blankLines: 0, countsByType: {}, spans: {}, retrievalIds: [], otlp: input.otlpStart ?? { spanSeq: 0, eventOrdinal: 0 },
  };
  const records = new RecordAcceptor({ fileId, fileName, seqStart: input.seqStart, seenRetrievalIds, batchRows, otlpStart: input.otlpStart });
  output.spans = records.otlp.spansByKind;
  const reader = createJsonLinesReader({
    text: (localLine, raw) => records.text(localLine + lineOffset, raw),
    value: () => undefined,
    malformed: (localLine, raw, reason, message) => records.reject(localLine + lineOffset, raw, reason as RejectionReason, null, message),
  });
  const flush = (force: boolean) => {
    for (const { table, builder } of records.ready(force)) output.batches.push({ table, batch: builder.flushBatch() });
  };
  const decoder = createUtf8Decoding({ dropBom: input.first });
  // Decoded a piece at a time: one string for the whole chunk would double its memory.
  const PIECE = 1 << 20;
  for (let at = 0; at < input.bytes.byteLength; at += PIECE) {
    reader.push(decoder.decode(input.bytes.subarray(at, at + PIECE)));
    flush(false);
  }
  reader.push(decoder.end());
  reader.end();
  flush(true);
  Object.assign(output, records.counts);
  output.blankLines = reader.blankLines;
  output.otlp = records.otlp.counters;
  return output;
}
