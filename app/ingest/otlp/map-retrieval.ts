import type { Rejection } from '../../schema/rejection';
import { textAttribute } from './any-value';
import type { ReadSpan } from './read-span';
import { readRetrievedDocuments, type RetrievedDocument } from './retrieval-documents';
import type { SpanDefaults } from './span-defaults';

export type RetrievalMapped =
  | { ok: true; retrieval: Record<string, unknown>; documents: RetrievedDocument[] }
  | { ok: false; rejection: Rejection };

/** Retrieval fields the app namespace sets on the span: `rag.question_id` → `question_id`, … */
const APP_RETRIEVAL_FIELDS = ['question_id', 'subquestion_id', 'rewrite_of'] as const;

/** A retrieval span → a `retrieval` event (README, "OpenTelemetry traces"). */
export function mapRetrieval(span: ReadSpan, defaults: SpanDefaults): RetrievalMapped {
  const read = readRetrievedDocuments(span.attributes);
  if (!read.ok) return read;
  const documents = read.documents ?? [];
  const scored = documents.filter((document) => document.score !== undefined).length;
  if (scored > 0 && scored < documents.length) {
    return {
      ok: false,
      rejection: { reason: 'wrong_type', field: 'scores', message: `${scored} of ${documents.length} documents have a score: give every document a score or none` },
    };
  }
  const { attributes } = span;
  const retrieval: Record<string, unknown> = {
    type: 'retrieval',
    event_id: `span:${span.spanId}`,
    ts: span.startMs,
    retrieval_id: span.spanId,
    ...defaults,
  };
  const query = textAttribute(attributes, 'input.value') ?? textAttribute(attributes, 'gen_ai.retrieval.query.text');
  if (query !== undefined) retrieval.query = query;
  if (read.documents !== null) retrieval.returned_asset_ids = documents.map((document) => document.id);
  if (scored > 0) retrieval.scores = documents.map((document) => document.score);
  const role = textAttribute(attributes, 'retrieval.role');
  if (role !== undefined) retrieval.role = role;
  for (const field of APP_RETRIEVAL_FIELDS) {
    const value = textAttribute(attributes, `rag.${field}`);
    if (value !== undefined) retrieval[field] = value;
  }
  if (span.endMs !== null && span.endMs >= span.startMs) retrieval.latency_ms = span.endMs - span.startMs;
  return { ok: true, retrieval, documents };
}
