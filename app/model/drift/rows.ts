/**
 * What the drift queries (app/engine/sql/drift) return, declared on this side so that model/
 * stays free of the engine. `run_id` null is a run of its own ("no run").
 */

export type SubquestionStatus = 'pending' | 'active' | 'resolved' | 'retired';

/** A `question` event: the task, its entities and, when known, its gold passages. */
export interface QuestionDefinitionRow {
  question_id: string;
  run_id: string | null;
  text: string | null;
  entities: string[] | null;
  gold_answer: string | null;
  gold_evidence_ids: string[] | null;
  seq: number;
}

/** One (question_id, run_id) pair that has sub-question, retrieval or response events. */
export interface QuestionRunRow {
  question_id: string;
  run_id: string | null;
  session_id: string | null;
  sessions: string[];
  start_ts: number;
  end_ts: number;
}

/** One state change of the sub-question registry. */
export interface SubquestionStateRow {
  question_id: string;
  run_id: string | null;
  subquestion_id: string;
  status: SubquestionStatus;
  ts: number;
  seq: number;
  event_id: string | null;
  session_id: string | null;
  text: string | null;
  note: string | null;
  reason: string | null;
  evidence_ids: string[] | null;
  entities: string[] | null;
}

/** A retrieval of a question, with its sub-question's status at the retrieval's `ts`. */
export interface QuestionRetrievalRow {
  retrieval_id: string;
  event_id: string | null;
  session_id: string | null;
  question_id: string;
  run_id: string | null;
  subquestion_id: string | null;
  query: string | null;
  ts: number;
  seq: number;
  returned_asset_ids: string[] | null;
  /** Status of the latest state of its sub-question with ts ≤ the retrieval's ts; null when none. */
  status_at_ts: SubquestionStatus | null;
  status_since: number | null;
}

export interface QuestionResponseRow {
  question_id: string;
  run_id: string | null;
  ts: number;
  seq: number;
  event_id: string | null;
  session_id: string | null;
  text: string | null;
  cited_asset_ids: string[] | null;
}

/** Some retrieval anywhere in the loaded logs returned a gold passage, at this (first) rank. */
export interface GoldReturnRow {
  asset_id: string;
  retrieval_id: string;
  session_id: string | null;
  run_id: string | null;
  question_id: string | null;
  subquestion_id: string | null;
  query: string | null;
  ts: number;
  rank: number;
}

/** A catalog passage (`asset` event) for evidence and gold lists. */
export interface PassageRow {
  asset_id: string;
  title: string | null;
  text: string | null;
}

/** Everything the drift rules read, as the SQL returns it. */
export interface DriftInputs {
  questions: QuestionDefinitionRow[];
  runs: QuestionRunRow[];
  states: SubquestionStateRow[];
  retrievals: QuestionRetrievalRow[];
  responses: QuestionResponseRow[];
  goldReturns: GoldReturnRow[];
}
