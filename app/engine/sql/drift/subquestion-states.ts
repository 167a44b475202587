import { DUCKDB, type SqlDialect } from '../dialect';
import type { QuestionRetrievalRow, SubquestionStateRow } from '../../../model/drift/rows';
import { specOf } from '../core/row-spec';

/** The registry's state sequence of every sub-question, in time order (file order breaks ties). */
export const SUBQUESTION_STATES_SQL = `
SELECT question_id, run_id, subquestion_id, status, ts, seq, event_id, session_id, text, note, reason, evidence_ids, entities
FROM subquestions
ORDER BY question_id, run_id NULLS FIRST, subquestion_id, ts, seq`;

/**
 * Every retrieval of a question with its sub-question's status at the retrieval's `ts`: the
 * status of the latest state with ts ≤ t (docs/metrics.md), so a retrieval in the same millisecond
 * as its `active` event counts as active. Ties in ts between states go to the later in file order.
 */
export const questionRetrievalsSql = (dialect: SqlDialect = DUCKDB) => `
SELECT ${['retrieval_id', 'event_id', 'session_id', 'question_id', 'run_id', 'subquestion_id', 'query', 'ts', 'seq'].map((column) => dialect.column('r', column)).join(', ')},
       ${dialect.column('r', 'returned_asset_ids')}, s.status AS status_at_ts, s.ts AS status_since
FROM retrievals r
LEFT JOIN subquestions s
  ON s.question_id = r.question_id AND s.run_id IS NOT DISTINCT FROM r.run_id
 AND s.subquestion_id = r.subquestion_id AND s.ts <= r.ts
WHERE r.question_id IS NOT NULL
QUALIFY row_number() OVER (PARTITION BY r.seq ORDER BY s.ts DESC NULLS LAST, s.seq DESC NULLS LAST) = 1
ORDER BY r.question_id, r.run_id NULLS FIRST, r.ts, r.seq`;

export const SUBQUESTION_STATE_ROW = specOf<SubquestionStateRow>()({
  question_id: 'string', run_id: 'string|null', subquestion_id: 'string', status: 'string', ts: 'number', seq: 'number', event_id: 'string|null',
  session_id: 'string|null', text: 'string|null', note: 'string|null', reason: 'string|null', evidence_ids: 'string[]|null', entities: 'string[]|null',
});

export const QUESTION_RETRIEVAL_ROW = specOf<QuestionRetrievalRow>()({
  retrieval_id: 'string', event_id: 'string|null', session_id: 'string|null', question_id: 'string', run_id: 'string|null', subquestion_id: 'string|null',
  query: 'string|null', ts: 'number', seq: 'number', returned_asset_ids: 'string[]|null', status_at_ts: 'string|null', status_since: 'number|null',
});
