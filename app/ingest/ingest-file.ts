import { keepsRecord, type SessionSample } from '../lib/session-sample';
import type { RejectionReason } from '../schema/rejection';
import { createCsvReader } from './csv-reader';
import { detectFormat } from './file-format';
import { gunzipIfCompressed, startsLikeGzip } from './gzip-sniff';
import { peekHead } from './stream-head';
import { readFailure } from './read-failure';
import { createTextDecoding, type ReadProblem, type TextDecoding } from './text-decode';
import { sniffText, SNIFF_BYTES } from './text-sniff';
import { createJsonArrayReader } from './json-array-reader';
import { createJsonLinesReader } from './jsonl-reader';
import { RecordAcceptor, type ReadCounts } from './record-acceptor';
import type { RecordSink, TextRecordReader } from './record-sink';
import type { RandomAccessSource } from './parquet/random-access';
import type { RestoredRejection } from './parquet/rejected-rows';
import type { IdSet } from '../lib/id-set';
import type { TraceCollector } from './otlp/trace/trace-collector';
import type { BuiltBatch } from '../engine/arrow-batch';
import type { GroupBatches } from './group-batches';

export interface IngestProgress {
  fileName: string;
  bytesRead: number;
  totalBytes: number | null;
  events: number;
  rejected: number;
  elapsedMs: number;
}

export interface FileIngestResult extends ReadCounts {
  fileId: number;
  fileName: string;
  /** The file's own size (compressed, when it is gzip); null when neither the source nor a full read told it. */
  bytes: number | null;
  /** How much text a gzip file held once decompressed; null for a file that was not compressed. */
  textBytes: number | null;
  /** Set when the file could not be read at all (unsupported kind, not text, broken gzip). */
  error: string | null;
  /** Set when the file was loaded whole (file-fingerprint.ts): loading it again, even after a reload, is refused. */
  fingerprint?: string | null;
  /** Set when the file was skipped as one loaded before: the name it was loaded under. */
  skippedAs?: string;
  /** Trace documents without an id that were given one from their metadata or their content. */
  derivedIds?: { metadata: number; content: number };
  /** Spans of a large trace file that came after their trace had been resolved, read apart from it (otlp/trace/trace-collector.ts). */
  lateSpans?: number;
}

export interface IngestTarget {
  /** Appends a batch to a table (an `events_<type>` table, or `rejected`). */
  insert(table: string, ipc: Uint8Array): Promise<void>;
  /** The same, for a target that gathers batches before it stores them (small-file-group.ts): not yet encoded. */
  insertBatch?(table: string, batch: BuiltBatch): Promise<void>;
}

export interface IngestFileOptions {
  fileId: number;
  fileName: string;
  stream: ReadableStream<Uint8Array>;
  /** The same file read by byte ranges, when its source allows (Parquet is read from its end); else Parquet reads `stream` whole. */
  source?: RandomAccessSource | null;
  /** How many bytes `stream` yields, when its source knows it (a picked file does; a download may not). */
  totalBytes: number | null;
  /** The file's own size when `stream` yields it already decoded (a `.gz` the server sent with Content-Encoding: gzip). */
  encodedFileBytes?: number | null;
  /** First `seq` to give; seq orders events across all loaded files. */
  seqStart: number;
  seenRetrievalIds: IdSet;
  /** The load's trace collector (load-state.ts); without one, each trace document is resolved on its own. */
  traces?: TraceCollector | null;
  target: IngestTarget;
  onProgress?: (progress: IngestProgress) => void;
  signal?: AbortSignal;
  batchRows?: number;
  /** Only the records of these sessions are stored (lib/session-sample.ts). */
  sessionSample?: SessionSample | null;
  /** The file's bytes, read whole already (a small file): `stream` is not read unless they are gzip. */
  bytes?: Uint8Array | null;
  /** The file is one of a group of small files: its events and rejected rows go into the group's batches (group-batches.ts). */
  group?: GroupBatches | null;
}

const PROGRESS_INTERVAL_MS = 100;

function counting(stream: ReadableStream<Uint8Array>, onBytes: (n: number) => void): ReadableStream<Uint8Array> {
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes(chunk.byteLength);
        controller.enqueue(chunk);
      },
    }),
  );
}

type TextChunks = Pick<ReadableStreamDefaultReader<Uint8Array>, 'read' | 'releaseLock'>;

/** A file's text as bytes (gzip undone): its head for the sniff, then every chunk from the first. */
interface TextBytes {
  /** At least the first SNIFF_BYTES (all of them when `complete`). */
  head: Uint8Array;
  complete: boolean;
  decompressed: boolean;
  /** Why the gzip data stopped being read, once read (gzip-sniff.ts). */
  problem(): ReadProblem | null;
  chunks(): TextChunks;
  cancel(): Promise<void>;
}

async function streamedText(stream: ReadableStream<Uint8Array>, onRawBytes: (n: number) => void, onTextBytes: (n: number) => void): Promise<TextBytes> {
  const text = await gunzipIfCompressed(counting(stream, onRawBytes));
  const sniffed = await peekHead(counting(text.stream, onTextBytes), SNIFF_BYTES);
  return {
    head: sniffed.head, complete: sniffed.complete, decompressed: text.decompressed, problem: text.problem,
    chunks: () => sniffed.stream.getReader(), cancel: () => sniffed.stream.cancel(),
  };
}

/**
 * A small file's bytes, read whole already (not gzip): read as the stream of one chunk would be,
 * without the streams (four of them per file were a third of a tiny file's time).
 */
function wholeText(bytes: Uint8Array, onBytes: (n: number) => void): TextBytes {
  onBytes(bytes.byteLength);
  let given = bytes.byteLength === 0;
  const chunks: TextChunks = {
    read: () => {
      if (given) return Promise.resolve({ done: true, value: undefined });
      given = true;
      return Promise.resolve({ done: false, value: bytes });
    },
    releaseLock: () => undefined,
  };
  return {
    head: bytes, complete: bytes.byteLength < SNIFF_BYTES, decompressed: false, problem: () => null,
    chunks: () => chunks, cancel: () => ((given = true), Promise.resolve()),
  };
}

/** Reads one file in chunks, validates each record, and inserts Arrow batches as it goes. */
export async function ingestFile(options: IngestFileOptions): Promise<FileIngestResult> {
  const { fileId, fileName, target, seenRetrievalIds } = options;
  const batchRows = options.batchRows ?? 20_000;
  const started = Date.now();
  const result: FileIngestResult = {
    fileId, fileName, bytes: options.encodedFileBytes ?? options.totalBytes, textBytes: null, events: 0, rejected: 0, blankLines: 0, countsByType: {}, spans: {}, retrievalIds: [], error: null,
  };
  const records = new RecordAcceptor({ fileId, fileName, seqStart: options.seqStart, seenRetrievalIds, batchRows, keep: keepsRecord(options.sessionSample), traces: options.traces, group: options.group });
  const counted = () => {
    const { derivedIds } = records.otlp;
    if (derivedIds.metadata + derivedIds.content > 0) result.derivedIds = { ...derivedIds };
    return Object.assign(result, records.counts);
  };
  result.spans = records.otlp.spansByKind;
  const { accept, reject: addRejected, otlp } = records;
  const sink: RecordSink = {
    text: records.text,
    resourceSpans: (line, raw, index) => otlp.resourceSpans(line, raw, index),
    pageSpan: records.pageSpan,
    value: accept,
    malformed(line, raw, reason, message) {
      addRejected(line, raw, reason as RejectionReason, null, message);
    },
  };

  const detection = detectFormat(fileName);
  if (!detection.format) {
    result.error = detection.unsupported ?? 'unsupported file';
    return counted();
  }
  const reader: TextRecordReader =
    detection.format === 'jsonl' ? createJsonLinesReader(sink) : detection.format === 'json' ? createJsonArrayReader(sink) : createCsvReader(sink);

  let lastProgress = 0;
  const report = (force = false) => {
    const now = Date.now();
    if (!options.onProgress || (!force && now - lastProgress < PROGRESS_INTERVAL_MS)) return;
    lastProgress = now;
    options.onProgress({
      fileName, bytesRead: rawBytes, totalBytes: options.totalBytes, events: records.counts.events, rejected: records.counts.rejected, elapsedMs: now - started,
    });
  };
  const flush = async (force: boolean) => {
    for (const { table, builder } of records.ready(force)) {
      if (target.insertBatch) await target.insertBatch(table, builder.flushBatch());
      else await target.insert(table, builder.flush());
    }
  };

  // A stream cut short (not text, broken gzip) tells its size only when its source did.
  let rawBytes = 0;
  let textBytes = 0;
  let readToEnd = false;
  let decompressed = false;
  let decoder: TextDecoding | null = null;
  let chunks: TextChunks | null = null;
  if (detection.format === 'parquet') {
    const restore = (row: RestoredRejection) => records.restore(row);
    const onBytes = (bytes: number) => ((rawBytes = bytes), report());
    try {
      // Loaded on first use: the decoders (zstd, brotli, …) are most of the worker's code otherwise.
      const { ingestParquet } = await import('./parquet/ingest-parquet');
      const parquet = await ingestParquet({ source: options.source ?? null, stream: options.stream, records: { accept, reject: addRejected, restore, otlp }, flush, onBytes, signal: options.signal, summary: { fileId, insert: (table, ipc) => target.insert(table, ipc) } });
      Object.assign(result, parquet);
    } catch (error) {
      for (const id of records.counts.retrievalIds) seenRetrievalIds.delete(id);
      throw error;
    }
    await flush(true);
    report(true);
    return counted();
  }
  try {
    const text = options.bytes && !startsLikeGzip(options.bytes)
      ? wholeText(options.bytes, (n) => ((rawBytes += n), (textBytes += n)))
      : await streamedText(options.stream, (n) => (rawBytes += n), (n) => (textBytes += n));
    decompressed = text.decompressed;
    const sniff = sniffText(text.head, text.complete);
    result.error = sniff.error;
    if (!sniff.encoding) {
      readToEnd = text.complete;
      await text.cancel();
    } else {
      decoder = createTextDecoding(sniff.encoding);
      chunks = text.chunks();
      for (;;) {
        if (options.signal?.aborted) throw new DOMException('The load was cancelled', 'AbortError');
        const { done, value } = await chunks.read();
        if (done) break;
        reader.push(decoder.decode(value));
        await flush(false);
        report();
      }
      reader.push(decoder.end());
      reader.end();
      const gzipProblem = text.problem();
      if (gzipProblem) result.error = gzipProblem.message;
      else readToEnd = true;
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') {
      for (const id of records.counts.retrievalIds) seenRetrievalIds.delete(id);
      throw error;
    }
    reader.end();
    result.error = readFailure(error);
  } finally {
    chunks?.releaseLock();
  }
  const encodedFileBytes = options.encodedFileBytes ?? null;
  result.bytes = encodedFileBytes ?? options.totalBytes ?? (readToEnd ? rawBytes : null);
  result.textBytes = (decompressed || encodedFileBytes !== null) && readToEnd ? textBytes : null;
  await flush(true);
  result.blankLines = reader.blankLines;
  report(true);
  return counted();
}
