import type { Attributes } from '../any-value';
import { GEN_AI_OPERATION_NAME, openInferenceKind } from '../span-kind';

/** GenAI operations that call a model with a prompt (OTel GenAI semantic conventions). */
const GEN_AI_MODEL_CALLS = new Set(['chat', 'text_completion', 'generate_content']);

/** A model call: `openinference.span.kind` = LLM, or a GenAI chat / completion operation. */
export function isLlmSpan(attributes: Attributes): boolean {
  const operation = attributes[GEN_AI_OPERATION_NAME];
  return openInferenceKind(attributes) === 'LLM' || (typeof operation === 'string' && GEN_AI_MODEL_CALLS.has(operation));
}

export const isRerankerSpan = (attributes: Attributes): boolean => openInferenceKind(attributes) === 'RERANKER';
