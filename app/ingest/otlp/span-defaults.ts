import { textAttribute, type Attributes } from './any-value';
import type { ReadSpan } from './read-span';

/** The fields every event mapped from a span (or from one of its span events) starts from. */
export interface SpanDefaults {
  session_id: string;
  request_id: string;
  user_id?: string;
  turn_id?: string;
  surface?: string;
  run_id?: string;
}

/** Attributes of the app namespace that set common fields, read on the span, then on its resource. */
const APP_COMMON_FIELDS = ['turn_id', 'surface', 'run_id'] as const;

/**
 * `session_id` from `session.id` (OpenInference) or `gen_ai.conversation.id` (GenAI), else the
 * trace id; `request_id` = the trace id; `user_id` from `user.id`; `turn_id`, `surface`, `run_id`
 * from `rag.turn_id`, `rag.surface`, `rag.run_id`.
 */
export function spanDefaults(span: ReadSpan, resource: Attributes): SpanDefaults {
  const { attributes } = span;
  const defaults: SpanDefaults = {
    session_id: textAttribute(attributes, 'session.id') ?? textAttribute(attributes, 'gen_ai.conversation.id') ?? span.traceId,
    request_id: span.traceId,
  };
  const userId = textAttribute(attributes, 'user.id');
  if (userId !== undefined) defaults.user_id = userId;
  for (const field of APP_COMMON_FIELDS) {
    const value = textAttribute(attributes, `rag.${field}`) ?? textAttribute(resource, `rag.${field}`);
    if (value !== undefined) defaults[field] = value;
  }
  return defaults;
}
