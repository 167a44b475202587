import { ArrowBatchBuilder } from '../engine/arrow-batch';
import { REJECTED_COLUMNS, TYPE_COLUMNS, typeTable } from '../schema/columns';
import type { EventType } from '../schema/event-types';
import type { RejectionReason } from '../schema/rejection';
import { validateEvent } from '../schema/validate';
import { createCsvReader } from './csv-reader';
import { detectFormat } from './file-format';
import { gunzipIfCompressed } from './gzip-sniff';
import { peekHead } from './stream-head';
import { notTextReason, SNIFF_BYTES } from './text-sniff';
import { createJsonArrayReader } from './json-array-reader';
import { createJsonLinesReader } from './jsonl-reader';
import type { RecordSink, TextRecordReader } from './record-sink';
import { OtlpIngest } from './otlp/ingest-otlp';
import type { RandomAccessSource } from './parquet/random-access';
import type { RestoredRejection } from './parquet/rejected-rows';
import { isOtlpDocument } from './otlp/otlp-mapping';

export interface IngestProgress {
  fileName: string;
  bytesRead: number;
  totalBytes: number | null;
  events: number;
  rejected: number;
  elapsedMs: number;
}

export interface FileIngestResult {
  fileId: number;
  fileName: string;
  /** The file's own size (compressed, when it is gzip); null when neither the source nor a full read told it. */
  bytes: number | null;
  /** How much text a gzip file held once decompressed; null for a file that was not compressed. */
  textBytes: number | null;
  events: number;
  rejected: number;
  blankLines: number;
  countsByType: Record<string, number>;
  /** OpenTelemetry spans no event type covers, stored in `spans`, per kind (LLM, TOOL, …). */
  spans: Record<string, number>;
  /** The retrieval ids this file defined, so that a cancelled load can forget them. */
  retrievalIds: string[];
  /** Set when the file could not be read at all (unsupported kind, not text, broken gzip). */
  error: string | null;
}

export interface IngestTarget {
  /** Appends a batch to a table (an `events_<type>` table, or `rejected`). */
  insert(table: string, ipc: Uint8Array): Promise<void>;
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
  seenRetrievalIds: Set<string>;
  target: IngestTarget;
  onProgress?: (progress: IngestProgress) => void;
  signal?: AbortSignal;
  batchRows?: number;
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

/** Reads one file in chunks, validates each record, and inserts Arrow batches as it goes. */
export async function ingestFile(options: IngestFileOptions): Promise<FileIngestResult> {
  const { fileId, fileName, target, seenRetrievalIds } = options;
  const batchRows = options.batchRows ?? 20_000;
  const started = Date.now();
  const result: FileIngestResult = {
    fileId, fileName, bytes: options.encodedFileBytes ?? options.totalBytes, textBytes: null, events: 0, rejected: 0, blankLines: 0, countsByType: {}, spans: {}, retrievalIds: [], error: null,
  };
  const eventBatches = new Map<EventType, ArrowBatchBuilder>();
  const batchFor = (type: EventType) => {
    let builder = eventBatches.get(type);
    if (!builder) eventBatches.set(type, (builder = new ArrowBatchBuilder(TYPE_COLUMNS[type], batchRows)));
    return builder;
  };
  const rejected = new ArrowBatchBuilder(REJECTED_COLUMNS, 1024);
  let seq = options.seqStart;

  const addRejected = (line: number, raw: string, reason: RejectionReason, field: string | null, message: string) => {
    rejected.add({ file_id: fileId, file: fileName, line, severity: 'rejected', reason, field, message, raw });
    result.rejected++;
  };
  const accept = (line: number, raw: string | (() => string), value: unknown) => {
    const validation = validateEvent(value, seenRetrievalIds);
    if (!validation.ok) {
      const { reason, field, message } = validation.rejection;
      addRejected(line, typeof raw === 'string' ? raw : raw(), reason, field, message);
      return;
    }
    const { values, extra } = validation.event;
    values.event_id ??= `${fileName}:${line}`;
    const type = values.type as EventType;
    batchFor(type).addEvent(values, fileId, line, seq++, extra);
    result.events++;
    result.countsByType[type] = (result.countsByType[type] ?? 0) + 1;
    if (type === 'retrieval') result.retrievalIds.push(values.retrieval_id as string);
  };
  const otlp = new OtlpIngest(fileId, fileName, { accept, reject: addRejected }, batchRows);
  result.spans = otlp.spansByKind;
  const sink: RecordSink = {
    text(line, raw) {
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (error) {
        addRejected(line, raw, 'invalid_json', null, (error as Error).message);
        return;
      }
      if (isOtlpDocument(value)) otlp.document(line, value);
      else accept(line, raw, value);
    },
    resourceSpans: (line, raw, index) => otlp.resourceSpans(line, raw, index),
    value: accept,
    malformed(line, raw, reason, message) {
      addRejected(line, raw, reason as RejectionReason, null, message);
    },
  };

  const detection = detectFormat(fileName);
  if (!detection.format) {
    result.error = detection.unsupported ?? 'unsupported file';
    return result;
  }
  const reader: TextRecordReader =
    detection.format === 'jsonl' ? createJsonLinesReader(sink) : detection.format === 'json' ? createJsonArrayReader(sink) : createCsvReader(sink);

  let lastProgress = 0;
  const report = (force = false) => {
    const now = Date.now();
    if (!options.onProgress || (!force && now - lastProgress < PROGRESS_INTERVAL_MS)) return;
    lastProgress = now;
    options.onProgress({
      fileName, bytesRead: rawBytes, totalBytes: options.totalBytes, events: result.events, rejected: result.rejected, elapsedMs: now - started,
    });
  };
  const flush = async (force: boolean) => {
    for (const [type, batch] of eventBatches) {
      if (batch.length >= batchRows || (force && batch.length > 0)) await target.insert(typeTable(type), batch.flush());
    }
    if (rejected.length >= batchRows || (force && rejected.length > 0)) await target.insert('rejected', rejected.flush());
    if (otlp.pendingSpans >= batchRows || (force && otlp.pendingSpans > 0)) await target.insert('spans', otlp.flushSpans());
  };

  // A stream cut short (not text, broken gzip) tells its size only when its source did.
  let rawBytes = 0;
  let textBytes = 0;
  let readToEnd = false;
  let decompressed = false;
  const decoder = new TextDecoder('utf-8');
  let chunks: ReadableStreamDefaultReader<Uint8Array> | null = null;
  if (detection.format === 'parquet') {
    const restore = (row: RestoredRejection) => {
      rejected.add({ ...row, file_id: fileId });
      result.rejected++;
    };
    const onBytes = (bytes: number) => ((rawBytes = bytes), report());
    try {
      // Loaded on first use: the decoders (zstd, brotli, …) are most of the worker's code otherwise.
      const { ingestParquet } = await import('./parquet/ingest-parquet');
      const parquet = await ingestParquet({ source: options.source ?? null, stream: options.stream, records: { accept, reject: addRejected, restore }, flush, onBytes, signal: options.signal });
      Object.assign(result, parquet);
    } catch (error) {
      for (const id of result.retrievalIds) seenRetrievalIds.delete(id);
      throw error;
    }
    await flush(true);
    report(true);
    return result;
  }
  try {
    const text = await gunzipIfCompressed(counting(options.stream, (n) => (rawBytes += n)));
    decompressed = text.decompressed;
    const sniffed = await peekHead(counting(text.stream, (n) => (textBytes += n)), SNIFF_BYTES);
    result.error = notTextReason(sniffed.head, sniffed.complete);
    if (result.error) {
      readToEnd = sniffed.complete;
      await sniffed.stream.cancel();
    } else {
      chunks = sniffed.stream.getReader();
      for (;;) {
        if (options.signal?.aborted) throw new DOMException('The load was cancelled', 'AbortError');
        const { done, value } = await chunks.read();
        if (done) break;
        reader.push(decoder.decode(value, { stream: true }));
        await flush(false);
        report();
      }
      reader.push(decoder.decode());
      reader.end();
      readToEnd = true;
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') {
      for (const id of result.retrievalIds) seenRetrievalIds.delete(id);
      throw error;
    }
    reader.end();
    result.error = `could not read the file: ${(error as Error).message}`;
  } finally {
    chunks?.releaseLock();
  }
  const encodedFileBytes = options.encodedFileBytes ?? null;
  result.bytes = encodedFileBytes ?? options.totalBytes ?? (readToEnd ? rawBytes : null);
  result.textBytes = (decompressed || encodedFileBytes !== null) && readToEnd ? textBytes : null;
  await flush(true);
  result.blankLines = reader.blankLines;
  report(true);
  return result;
}
