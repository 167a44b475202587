import type { Attributes } from './any-value';
import type { ReadSpan } from './read-span';

export const OPENINFERENCE_SPAN_KIND = 'openinference.span.kind';
export const GEN_AI_OPERATION_NAME = 'gen_ai.operation.name';

/** `openinference.span.kind` upper-cased, or null when the span has none. */
export const openInferenceKind = (attributes: Attributes) => {
  const kind = attributes[OPENINFERENCE_SPAN_KIND];
  return typeof kind === 'string' && kind !== '' ? kind.toUpperCase() : null;
};

/** A retriever call: `openinference.span.kind` = RETRIEVER (any case), or `gen_ai.operation.name` = `retrieval`. */
export function isRetrievalSpan(attributes: Attributes): boolean {
  return openInferenceKind(attributes) === 'RETRIEVER' || attributes[GEN_AI_OPERATION_NAME] === 'retrieval';
}

/** The kind an unmapped span is counted and shown under (otlp-mapping.ts, `UnmappedSpan.kind`). */
export function unmappedSpanKind(span: ReadSpan): string {
  const operation = span.attributes[GEN_AI_OPERATION_NAME];
  return openInferenceKind(span.attributes) ?? (typeof operation === 'string' && operation !== '' ? operation : span.otlpKind);
}
