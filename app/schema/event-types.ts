import type { EventFieldName } from './fields';

/** Per event type: the fields it must carry (beyond `type`), per ../shared/log-format.md. */
export interface EventTypeSpec {
  required: EventFieldName[];
  /** Allowed values of closed vocabularies on this type. */
  vocab?: Partial<Record<EventFieldName, readonly string[]>>;
}

const SESSION_EVENT: EventFieldName[] = ['ts', 'session_id'];

export const EVENT_TYPES = {
  prompt: { required: SESSION_EVENT },
  route: { required: [...SESSION_EVENT, 'route'] },
  retrieval: { required: [...SESSION_EVENT, 'retrieval_id'] },
  action: {
    required: [...SESSION_EVENT, 'action'],
    vocab: { actor: ['user', 'agent'] },
  },
  response: { required: SESSION_EVENT },
  gate: { required: [...SESSION_EVENT, 'decision'], vocab: { decision: ['answer', 'clarify', 'handoff'] } },
  feedback: { required: [...SESSION_EVENT, 'rating'], vocab: { rating: ['up', 'down'] } },
  subquestion: {
    required: [...SESSION_EVENT, 'question_id', 'subquestion_id', 'status'],
    vocab: { status: ['pending', 'active', 'resolved', 'retired'] },
  },
  question: { required: ['question_id'] },
  asset: { required: ['asset_id'] },
  label: {
    required: ['kind'],
    vocab: { kind: ['relevance', 'role', 'intent', 'answer_review'], verdict: ['correct', 'wrong', 'partial', 'unsupported'] },
  },
  eval_case: { required: ['query'] },
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
