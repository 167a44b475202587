import { DUCKDB, type SqlDialect } from '../dialect';
import type { QuestionDefinitionRow, QuestionResponseRow, QuestionRunRow } from '../../../model/drift/rows';
import { specOf } from '../core/row-spec';

/**
 * docs/metrics.md "Search drift": a question's events in one run are those with its `question_id`
 * and the same `run_id` (null is a run of its own, hence GROUP BY, which groups nulls).
 */
export const questionRunsSql = (dialect: SqlDialect = DUCKDB) => `
SELECT question_id, run_id,
       ${dialect.argMin('session_id', 'ts')} AS session_id,
       ${dialect.listSort(dialect.listAggDistinct('session_id', 'session_id IS NOT NULL'))} AS sessions,
       min(ts) AS start_ts, max(ts) AS end_ts
FROM (
  SELECT question_id, run_id, session_id, ts FROM subquestions
  UNION ALL SELECT question_id, run_id, session_id, ts FROM retrievals
  UNION ALL SELECT question_id, run_id, session_id, ts FROM responses
)
WHERE question_id IS NOT NULL
GROUP BY question_id, run_id
ORDER BY question_id, run_id NULLS FIRST`;

/** Every `question` event; the model picks the one that defines each question-run. */
export const QUESTION_DEFINITIONS_SQL = `
SELECT question_id, run_id, text, entities, gold_answer, gold_evidence_ids, seq
FROM questions
ORDER BY question_id, seq`;

/** The answers: a question-run is answered when it has a response naming its question. */
export const QUESTION_RESPONSES_SQL = `
SELECT question_id, run_id, ts, seq, event_id, session_id, text, cited_asset_ids
FROM responses
WHERE question_id IS NOT NULL
ORDER BY question_id, run_id NULLS FIRST, ts, seq`;

export const QUESTION_DEFINITION_ROW = specOf<QuestionDefinitionRow>()({
  question_id: 'string', run_id: 'string|null', text: 'string|null', entities: 'string[]|null', gold_answer: 'string|null', gold_evidence_ids: 'string[]|null', seq: 'number',
});

export const QUESTION_RUN_ROW = specOf<QuestionRunRow>()({
  question_id: 'string', run_id: 'string|null', session_id: 'string|null', sessions: 'string[]', start_ts: 'number', end_ts: 'number',
});

export const QUESTION_RESPONSE_ROW = specOf<QuestionResponseRow>()({
  question_id: 'string', run_id: 'string|null', ts: 'number', seq: 'number', event_id: 'string|null', session_id: 'string|null', text: 'string|null', cited_asset_ids: 'string[]|null',
});
