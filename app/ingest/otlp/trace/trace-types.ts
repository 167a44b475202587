import type { RejectionReason } from '../../../schema/rejection';
import type { SpanRecord } from '../../../schema/span-record';
import type { Attributes } from '../any-value';
import type { ReadSpan } from '../read-span';

/**
 * The contract between the readers of traces (OTLP JSON documents, Phoenix's REST pages and
 * Parquet files) and the trace resolution (resolve-trace.ts). Readers hand every span they can
 * read to the load's TraceCollector; once every file of a load is read, each trace is resolved
 * whole (nesting, stages, prompts, consumption need all its spans, which a collector's file or a
 * paged export spreads over lines and files), and its events are stored under the file and line
 * of the span each came from.
 */

/** Where a span (or an annotation) was read: its file, the line (or row) and its place in the document. */
export interface SourcePlace {
  fileId: number;
  fileName: string;
  line: number;
  /** `resourceSpans[0].scopeSpans[1].spans[4]`, `data[3]`, `row 17`. */
  position: string;
}

/** One span as read, with the attributes of its resource and where it stands. */
export interface CollectedSpan {
  span: ReadSpan;
  resource: Attributes;
  place: SourcePlace;
}

/**
 * A Phoenix document annotation (`context.span_id`, `document_position`, `name`, `label`,
 * `score`, `explanation`, `annotator_kind`): a relevance label of the asset at that position of
 * the span's documents, resolved with the span's trace.
 */
export interface DocumentAnnotation {
  spanId: string;
  documentPosition: number;
  name: string;
  label: string | null;
  score: number | null;
  explanation: string | null;
  /** Phoenix's `HUMAN`, `LLM` or `CODE`, as given; null when the file has none. */
  annotatorKind: string | null;
  /** When it was given (epoch ms), when the file says. */
  ts: number | null;
  place: SourcePlace;
}

/** A mapped log event (docs/log-format.md), `ts` in epoch ms, stored under its place's file and line. */
export interface PlacedEvent {
  place: SourcePlace;
  event: Record<string, unknown>;
}

export interface PlacedSpan {
  place: SourcePlace;
  span: SpanRecord;
}

export interface PlacedRejection {
  place: SourcePlace;
  reason: RejectionReason;
  field: string | null;
  message: string;
  raw: string;
}

/** What one trace (or the load's annotations) resolves to. */
export interface TraceOutput {
  events: PlacedEvent[];
  /** Spans no event covers (LLM, TOOL, CHAIN, a retriever's inner spans, …), for the turn timeline. */
  spans: PlacedSpan[];
  rejected: PlacedRejection[];
  /** Document ids the trace derived (from metadata or content), for the load summary. */
  derivedIds: { metadata: number; content: number };
  /**
   * Each span that records documents (a retrieval's, an inner span's, a stage's, a reranker's
   * output), by span id: the retrieval it belongs to and the asset ids in order, so that a
   * document annotation on that span finds its asset.
   */
  listsBySpan: Map<string, DocumentList>;
}

export interface DocumentList {
  retrievalId: string;
  assetIds: string[];
}
