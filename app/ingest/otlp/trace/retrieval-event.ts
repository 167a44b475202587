import { textAttribute } from '../any-value';
import type { SpanDefaults } from '../span-defaults';
import { openInferenceKind } from '../span-kind';
import { queryText } from './query-text';
import type { ResolvedRetrieval } from './retrieval-lists';
import { keptSpanFields } from './span-extras';
import { completeScores } from './stage-list';

/** Retrieval fields the app namespace sets on the span: `rag.question_id` → `question_id`, … */
const APP_RETRIEVAL_FIELDS = ['question_id', 'subquestion_id', 'rewrite_of'] as const;

/**
 * Its list when a span recorded one; else, with status ERROR, a failed retrieval (`error`, no
 * list); else an empty result for an OpenInference RETRIEVER, and nothing for a GenAI span
 * (GenAI makes `gen_ai.retrieval.documents` opt-in: absent is "not recorded", not "empty").
 */
function resultFields({ collected, documents }: ResolvedRetrieval): Record<string, unknown> {
  const { span } = collected;
  if (documents !== null) {
    const scores = completeScores(documents);
    return { returned_asset_ids: documents.map((document) => document.id), ...(scores ? { scores } : {}) };
  }
  if (span.status === 'ERROR') return { error: span.statusMessage ?? 'ERROR' };
  return openInferenceKind(span.attributes) === 'RETRIEVER' ? { returned_asset_ids: [] } : {};
}

/** A resolved retrieval → its `retrieval` event (docs/log-format.md). */
export function retrievalEvent(resolved: ResolvedRetrieval, defaults: SpanDefaults): Record<string, unknown> {
  const { span } = resolved.collected;
  const { attributes } = span;
  const event: Record<string, unknown> = {
    type: 'retrieval',
    event_id: `span:${span.spanId}`,
    ts: span.startMs,
    retrieval_id: span.spanId,
    ...defaults,
    ...keptSpanFields(attributes),
  };
  const query = queryText(attributes) ?? (resolved.listSpan ? queryText(resolved.listSpan.span.attributes) : undefined);
  if (query !== undefined) event.query = query;
  Object.assign(event, resultFields(resolved));
  if (resolved.retriever !== undefined) event.retriever = resolved.retriever;
  if (resolved.stages.length > 0) event.stages = resolved.stages.map(({ stage }) => stage);
  const role = textAttribute(attributes, 'retrieval.role');
  if (role !== undefined) event.role = role;
  for (const field of APP_RETRIEVAL_FIELDS) {
    const value = textAttribute(attributes, `rag.${field}`);
    if (value !== undefined) event[field] = value;
  }
  if (span.endMs !== null && span.endMs >= span.startMs) event.latency_ms = span.endMs - span.startMs;
  return event;
}
