import {
  shapeReviewItem, type ReviewAssetRow, type ReviewItem, type ReviewResponseRow, type ReviewRetrievalRow,
} from '../../../model/annotation/review-item';
import type { Engine } from '../../engine';
import { ITEM_LABEL_ROW, itemLabelsQuery, type ItemLabelRow } from './item-labels';
import { idSet } from '../session-inspector';
import { isoWeekOf } from '../metrics/sections';
import { specOf } from '../core/row-spec';
import { run } from '../core/run';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';

/**
 * What a reviewer reads beside one answer (issue 9, "Weekly answer review"): the question, the
 * gate's decision, the retrieved context and the answer. A response belongs with the events of
 * its session that share its `request_id` (its `turn_id` when it has no request id); the gate is
 * the one `answeredResponsesQuery` (gate/review.ts) decides the sample by: the latest `gate` of
 * the same request and session. Rows: model/annotation/review-item.ts, which shapes them.
 */
export type { ReviewAssetRow, ReviewResponseRow, ReviewRetrievalRow };

/** The responses, by event id; an unknown id gives no row. */
export function reviewResponsesQuery(responseIds: readonly string[]): SqlQuery {
  return sql`
WITH chosen AS (
  SELECT * FROM responses r WHERE r.event_id IN ${idSet(responseIds)}
  QUALIFY row_number() OVER (PARTITION BY r.event_id ORDER BY r.seq) = 1
),
prompt AS (
  SELECT c.event_id AS response_id, p.text, p.category FROM chosen c JOIN prompts p
    ON p.session_id = c.session_id
   AND (p.turn_id = c.turn_id OR (c.turn_id IS NULL AND p.request_id = c.request_id))
   AND (p.ts IS NULL OR c.ts IS NULL OR p.ts <= c.ts)
  QUALIFY row_number() OVER (PARTITION BY c.event_id ORDER BY p.ts DESC NULLS LAST, p.seq DESC) = 1
),
-- the question a multi-hop answer names, defined as the Questions screen picks it
-- (model/drift/analyze.ts): the latest definition of the answer's run, else of no run, else any
gold AS (
  SELECT c.event_id AS response_id, q.gold_answer, q.text FROM chosen c JOIN questions q ON q.question_id = c.question_id
  QUALIFY row_number() OVER (PARTITION BY c.event_id
    ORDER BY (q.run_id IS NOT DISTINCT FROM c.run_id) DESC, (q.run_id IS NULL) DESC, q.seq DESC) = 1
),
gate AS (
  SELECT c.event_id AS response_id, g.* FROM chosen c JOIN gates g ON g.request_id = c.request_id AND g.session_id = c.session_id
  QUALIFY row_number() OVER (PARTITION BY c.event_id ORDER BY g.ts DESC NULLS LAST, g.seq DESC) = 1
)
SELECT c.event_id, c.ts, CASE WHEN c.ts IS NULL THEN NULL ELSE ${rawSql(isoWeekOf('c.ts'))} END AS week,
       c.session_id, c.turn_id, c.request_id, c.text, c.cited_asset_ids,
       p.text AS prompt_text, p.category AS prompt_category,
       c.question_id, q.text AS question_text, q.gold_answer,
       g.decision AS gate_decision, g.reason AS gate_reason, g.dense_score, g.sparse_score, g.top_gap,
       g.doc_count::INTEGER AS doc_count, g.category AS gate_category, g.retrieval_id AS gate_retrieval_id
FROM chosen c
LEFT JOIN prompt p ON p.response_id = c.event_id
LEFT JOIN gate g ON g.response_id = c.event_id
LEFT JOIN gold q ON q.response_id = c.event_id
ORDER BY c.event_id`;
}

/** The retrievals of each response's request (its turn when it has no request id), in time order. */
export function reviewRetrievalsQuery(responseIds: readonly string[]): SqlQuery {
  return sql`
SELECT c.event_id AS response_id, r.retrieval_id, r.ts, r.query, r.role, r.retriever, r.returned_asset_ids, r.scores
FROM responses c JOIN retrievals r
  ON r.session_id = c.session_id
 AND (r.request_id = c.request_id OR (c.request_id IS NULL AND r.turn_id = c.turn_id))
WHERE c.event_id IN ${idSet(responseIds)} AND r.retrieval_id IS NOT NULL
QUALIFY row_number() OVER (PARTITION BY c.event_id, r.retrieval_id ORDER BY c.seq, r.seq) = 1
ORDER BY c.event_id, r.ts NULLS FIRST, r.seq`;
}

/** Catalog entries of every asset those retrievals returned or the responses cited (assets the catalog does not list give no row). */
export function reviewAssetsQuery(responseIds: readonly string[]): SqlQuery {
  return sql`
WITH chosen AS (SELECT * FROM responses WHERE event_id IN ${idSet(responseIds)}),
mentioned AS (
  SELECT unnest(r.returned_asset_ids) AS asset_id FROM chosen c JOIN retrievals r
    ON r.session_id = c.session_id
   AND (r.request_id = c.request_id OR (c.request_id IS NULL AND r.turn_id = c.turn_id))
  UNION
  SELECT unnest(cited_asset_ids) AS asset_id FROM chosen
)
SELECT a.asset_id, a.title, a.text, a.kind
FROM asset_catalog a
WHERE a.asset_id IN (SELECT asset_id FROM mentioned)
ORDER BY a.asset_id`;
}

const REVIEW_RESPONSE_ROW = specOf<ReviewResponseRow>()({
  event_id: 'string', ts: 'number|null', week: 'string|null', session_id: 'string|null', turn_id: 'string|null', request_id: 'string|null',
  text: 'string|null', cited_asset_ids: 'string[]|null', prompt_text: 'string|null', prompt_category: 'string|null', question_id: 'string|null',
  question_text: 'string|null', gold_answer: 'string|null', gate_decision: 'string|null', gate_reason: 'string|null', dense_score: 'number|null',
  sparse_score: 'number|null', top_gap: 'number|null', doc_count: 'number|null', gate_category: 'string|null', gate_retrieval_id: 'string|null',
});

const REVIEW_RETRIEVAL_ROW = specOf<ReviewRetrievalRow>()({
  response_id: 'string', retrieval_id: 'string', ts: 'number|null', query: 'string|null', role: 'string|null', retriever: 'string|null',
  returned_asset_ids: 'string[]|null', scores: 'number[]|null',
});

const REVIEW_ASSET_ROW = specOf<ReviewAssetRow>()({ asset_id: 'string', title: 'string|null', text: 'string|null', kind: 'string|null' });

export interface LoadedReviewItems {
  /** In the order of the ids asked for; an id that names no response is left out. */
  items: ReviewItem[];
  /** Every answer_review label on them, in label order (item-labels.ts). */
  labels: ItemLabelRow[];
}

/** The review items of these responses and the verdicts already given on them. */
export async function loadReviewItems(engine: Engine, responseIds: readonly string[]): Promise<LoadedReviewItems> {
  const responses = await run(engine, reviewResponsesQuery(responseIds), REVIEW_RESPONSE_ROW);
  const retrievals = await run(engine, reviewRetrievalsQuery(responseIds), REVIEW_RETRIEVAL_ROW);
  const assets = await run(engine, reviewAssetsQuery(responseIds), REVIEW_ASSET_ROW);
  const labels = await run(engine, itemLabelsQuery({ responseIds }), ITEM_LABEL_ROW);
  const byId = new Map(responses.map((response) => [response.event_id, response]));
  const items = responseIds.flatMap((id) => {
    const response = byId.get(id);
    return response ? [shapeReviewItem(response, retrievals, assets)] : [];
  });
  return { items, labels };
}

/** The user's question behind each response (the prompt of its turn or request), for the queue's list. */
export const reviewQuestionsQuery = (responseIds: readonly string[]): SqlQuery =>
  sql`SELECT event_id, prompt_text FROM (${reviewResponsesQuery(responseIds)})`;

/** The questions by response event id; null when no prompt was logged. */
export async function loadQuestions(engine: Engine, responseIds: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await run(engine, reviewQuestionsQuery(responseIds), { event_id: 'string', prompt_text: 'string|null' });
  return new Map(rows.map((row) => [row.event_id, row.prompt_text]));
}
