import type { RejectionReason } from '../../schema/rejection';

/**
 * The contract between the OTLP mapper (map-document.ts) and the ingest that stores its output.
 * A document is one OTLP JSON `ExportTraceServiceRequest`: `{"resourceSpans": [...]}` (or the
 * older `instrumentationLibrarySpans` form inside it).
 */

import type { SpanRecord } from '../../schema/span-record';

/** A span no event type covers (LLM, tool, chain, agent, …): kept, shown on the session's timeline. */
export type UnmappedSpan = SpanRecord;

/** A span or document part that could not be mapped: a rejected row with its position. */
export interface OtlpRejection {
  /** Where in the document: `resourceSpans[0].scopeSpans[1].spans[4]`. */
  position: string;
  reason: RejectionReason;
  field: string | null;
  message: string;
  /** The span's JSON text (or the part's), as the rejected row's raw text. */
  raw: string;
}

export interface OtlpMapping {
  /** Events of docs/log-format.md, as plain objects ready for `validateEvent` (ts as epoch ms). */
  events: Record<string, unknown>[];
  spans: UnmappedSpan[];
  rejected: OtlpRejection[];
}

/** Whether a parsed JSON value is an OTLP trace document rather than a log event. */
export const isOtlpDocument = (value: unknown): value is { resourceSpans: unknown[] } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as { resourceSpans?: unknown }).resourceSpans);

/**
 * Whether a parsed JSON value is meant as an OTLP trace document: one, or an object with a
 * `resourceSpans` that is not a list and no event `type` (read-document.ts says what is wrong
 * with it, rather than the event schema asking for a `type`).
 */
export const claimsOtlpDocument = (value: unknown): boolean =>
  isOtlpDocument(value) || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, 'resourceSpans') && !Object.hasOwn(value, 'type'));
