/**
 * Every known event field, declared once. Validation, the DuckDB `events` table, the Arrow
 * columns built by ingest and the TypeScript row type all derive from this list.
 * A field not listed here is kept in the `extra` column as JSON text.
 */
/** `stages`: a retrieval's candidate lists (schema/stages.ts), given as a list or as its JSON text, stored as JSON text. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'strings' | 'numbers' | 'ts' | 'stages';

export const EVENT_FIELDS = {
  type: 'string',
  ts: 'ts',
  event_id: 'string',
  session_id: 'string',
  turn_id: 'string',
  request_id: 'string',
  user_id: 'string',
  surface: 'string',
  run_id: 'string',
  text: 'string',
  category: 'string',
  rewrite_of: 'string',
  route: 'string',
  tool: 'string',
  retrieval_id: 'string',
  query: 'string',
  role: 'string',
  returned_asset_ids: 'strings',
  scores: 'numbers',
  dense_score: 'number',
  sparse_score: 'number',
  retriever: 'string',
  stages: 'stages',
  error: 'string',
  question_id: 'string',
  subquestion_id: 'string',
  latency_ms: 'number',
  actor: 'string',
  action: 'string',
  consumed_asset_id: 'string',
  source_retrieval_id: 'string',
  derived: 'string',
  cited_asset_ids: 'strings',
  decision: 'string',
  reason: 'string',
  top_gap: 'number',
  doc_count: 'number',
  rating: 'string',
  target_event_id: 'string',
  comment: 'string',
  entities: 'strings',
  gold_answer: 'string',
  gold_evidence_ids: 'strings',
  status: 'string',
  note: 'string',
  evidence_ids: 'strings',
  asset_id: 'string',
  title: 'string',
  kind: 'string',
  annotator: 'string',
  annotator_kind: 'string',
  adjudicated: 'boolean',
  grade: 'number',
  retrieval_intent: 'boolean',
  intents: 'strings',
  verdict: 'string',
  gold_asset_ids: 'strings',
  should_answer: 'boolean',
} as const satisfies Record<string, FieldKind>;

export type EventFieldName = keyof typeof EVENT_FIELDS;
export const EVENT_FIELD_NAMES = Object.keys(EVENT_FIELDS) as EventFieldName[];

type ValueOf<K extends FieldKind> = K extends 'string' | 'stages'
  ? string
  : K extends 'number' | 'ts'
    ? number
    : K extends 'boolean'
      ? boolean
      : K extends 'strings'
        ? string[]
        : number[];

/** One validated event as stored: every known field (null when absent), `ts` in epoch ms. */
export type EventRow = { -readonly [F in Exclude<EventFieldName, 'type'>]: ValueOf<(typeof EVENT_FIELDS)[F]> | null } & {
  type: string;
  file_id: number;
  line: number;
  seq: number;
  /** Unknown fields of the event, as a JSON object text, or null when there were none. */
  extra: string | null;
};

/** Columns the ingest adds to every stored event, before the event's own fields. */
export const PROVENANCE_COLUMNS = { file_id: 'int', line: 'int', seq: 'int' } as const;
