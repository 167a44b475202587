/**
 * Builders of the drift rules' inputs for model tests, as the drift SQL would return them (the SQL
 * itself is tested against the engine in app/engine/drift-report.test.ts). Run `r1` by default.
 */
import type { DriftInputs, QuestionDefinitionRow, QuestionResponseRow, QuestionRetrievalRow, SubquestionStateRow } from './rows';

export const question = (questionId: string, fields: Partial<QuestionDefinitionRow> = {}): QuestionDefinitionRow => ({
  question_id: questionId, run_id: null, text: null, entities: null, gold_answer: null, gold_evidence_ids: null, seq: 0, ...fields,
});

type Located = { question: string; session: string; seq: number; ts: number };

export const state = (f: Located & { sub: string; status: SubquestionStateRow['status'] } & Partial<SubquestionStateRow>): SubquestionStateRow => {
  const { question: questionId, session, sub, ...fields } = f;
  return {
    question_id: questionId, run_id: 'r1', subquestion_id: sub, event_id: `e${f.seq}`, session_id: session, text: null, note: null, reason: null,
    evidence_ids: null, entities: null, ...fields,
  };
};

export const retrieval = (f: Located & { id: string } & Partial<QuestionRetrievalRow>): QuestionRetrievalRow => {
  const { question: questionId, session, id, ...fields } = f;
  return {
    retrieval_id: id, event_id: `e${f.seq}`, session_id: session, question_id: questionId, run_id: 'r1', subquestion_id: null, query: `query ${id}`,
    returned_asset_ids: [], status_at_ts: null, status_since: null, ...fields,
  };
};

export const response = (f: Located & Partial<QuestionResponseRow>): QuestionResponseRow => {
  const { question: questionId, session, ...fields } = f;
  return { question_id: questionId, run_id: 'r1', event_id: `e${f.seq}`, session_id: session, text: 'the answer', cited_asset_ids: null, ...fields };
};

/** The inputs with one question-run row per (question, run) seen on states, retrievals and responses. */
export function driftInputs(parts: Omit<DriftInputs, 'runs' | 'goldReturns'> & Partial<Pick<DriftInputs, 'goldReturns'>>): DriftInputs {
  const located = [...parts.states, ...parts.retrievals, ...parts.responses];
  const keys = [...new Set(located.map((row) => JSON.stringify([row.question_id, row.run_id])))];
  const runs = keys.map((key) => {
    const [questionId, runId] = JSON.parse(key) as [string, string | null];
    const rows = located.filter((row) => row.question_id === questionId && row.run_id === runId).sort((a, b) => a.ts - b.ts);
    return {
      question_id: questionId, run_id: runId, session_id: rows[0].session_id,
      sessions: [...new Set(rows.flatMap((row) => row.session_id ?? []))].sort(),
      start_ts: rows[0].ts, end_ts: rows[rows.length - 1].ts,
    };
  });
  return { ...parts, runs, goldReturns: parts.goldReturns ?? [] };
}
