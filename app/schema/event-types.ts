import type { EventFieldName } from './fields';

/** Fields every event may carry (docs/log-format.md, "Fields every event has"). */
export const COMMON_FIELDS: EventFieldName[] = ['type', 'ts', 'event_id', 'session_id', 'turn_id', 'request_id', 'user_id', 'surface', 'run_id'];

/** Per event type: its own fields, and those it must carry (beyond `type`). */
export interface EventTypeSpec {
  fields: EventFieldName[];
  required: EventFieldName[];
  /** Allowed values of closed vocabularies on this type. */
  vocab?: Partial<Record<EventFieldName, readonly string[]>>;
}

const SESSION_EVENT: EventFieldName[] = ['ts', 'session_id'];

export const EVENT_TYPES = {
  prompt: { fields: ['text', 'category', 'rewrite_of'], required: SESSION_EVENT },
  route: { fields: ['route', 'tool'], required: [...SESSION_EVENT, 'route'] },
  retrieval: {
    fields: [
      'retrieval_id', 'query', 'role', 'returned_asset_ids', 'scores', 'dense_score', 'sparse_score', 'retriever', 'stages', 'error',
      'question_id', 'subquestion_id', 'rewrite_of', 'latency_ms',
    ],
    required: [...SESSION_EVENT, 'retrieval_id'],
  },
  action: {
    fields: ['actor', 'action', 'consumed_asset_id', 'source_retrieval_id', 'derived'],
    required: [...SESSION_EVENT, 'action'],
    vocab: { actor: ['user', 'agent'] },
  },
  response: { fields: ['text', 'cited_asset_ids', 'question_id'], required: SESSION_EVENT },
  gate: {
    fields: ['decision', 'reason', 'dense_score', 'sparse_score', 'top_gap', 'doc_count', 'category', 'retrieval_id'],
    required: [...SESSION_EVENT, 'decision'],
    vocab: { decision: ['answer', 'clarify', 'handoff'] },
  },
  feedback: {
    fields: ['rating', 'target_event_id', 'retrieval_id', 'comment'],
    required: [...SESSION_EVENT, 'rating'],
    vocab: { rating: ['up', 'down'] },
  },
  subquestion: {
    fields: ['question_id', 'subquestion_id', 'text', 'status', 'note', 'evidence_ids', 'reason', 'entities'],
    required: [...SESSION_EVENT, 'question_id', 'subquestion_id', 'status'],
    vocab: { status: ['pending', 'active', 'resolved', 'retired'] },
  },
  question: { fields: ['question_id', 'text', 'entities', 'gold_answer', 'gold_evidence_ids'], required: ['question_id'] },
  asset: { fields: ['asset_id', 'title', 'text', 'kind'], required: ['asset_id'] },
  label: {
    fields: [
      'annotator', 'annotator_kind', 'adjudicated', 'kind', 'retrieval_id', 'query', 'asset_id', 'grade', 'role', 'turn_id',
      'retrieval_intent', 'intents', 'target_event_id', 'verdict', 'note',
    ],
    required: ['kind'],
    vocab: { kind: ['relevance', 'role', 'intent', 'answer_review'], annotator_kind: ['human', 'llm', 'code'], verdict: ['correct', 'wrong', 'partial', 'unsupported'] },
  },
  eval_case: { fields: ['query', 'gold_asset_ids', 'should_answer', 'category'], required: ['query'] },
} as const satisfies Record<string, EventTypeSpec>;

export type EventType = keyof typeof EVENT_TYPES;
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

/** Label kinds name further required fields; `relevance` needs one of retrieval_id / query. */
export const LABEL_KIND_REQUIRED: Record<string, EventFieldName[]> = {
  relevance: ['asset_id', 'grade'],
  role: ['retrieval_id', 'role'],
  intent: ['turn_id', 'retrieval_intent'],
  answer_review: ['target_event_id', 'verdict'],
};

export const RETRIEVAL_ROLES = ['find', 'browse', 'operate', 'reference', 'step', 'contextual'] as const;
