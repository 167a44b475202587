import type { LabelItem } from '../../../model/annotation/item-key';
import type { ReviewItem } from '../../../model/annotation/review-item';
import { GIVEN_LABELS_FILE_ID, type LabelKind } from '../../../schema/given-label';
import type { Engine } from '../../engine';
import type { RowOf } from '../core/row-spec';
import { run } from '../core/run';
import { sql, type SqlQuery } from '../core/sql-query';
import { ITEM_LABEL_ROW, type ItemLabelRow } from './item-labels';
import {
  QUEUE_RETRIEVAL_ROW, QUEUE_TURN_ROW, queueRetrievalQuery, queueTurnQuery, RANKED_ASSET_ROW, rankedAssetsQuery, TURN_RETRIEVAL_ROW, turnRetrievalsQuery,
  type QueueRetrievalRow, type QueueTurnRow, type RankedAssetRow, type TurnRetrievalRow,
} from './queue-item-context';
import { loadReviewItems } from './review-items';

/**
 * What the agreement screen reads beside one disagreement (issue 9, "Agreement"): the item's
 * context, reusing the queue's and the review's builders, and every label that judges exactly
 * this agreement item (item-key.ts): a relevance label given by `retrieval_id` belongs to the
 * retrieval form of the key, one given by `query` alone to the query form — the same split as
 * label-votes.ts, so the labels shown are the votes the κ counted, plus re-labels and
 * adjudications.
 */
function itemCondition(item: LabelItem): SqlQuery {
  if (item.kind === 'relevance') {
    return item.retrieval_id !== undefined
      ? sql`l.kind = 'relevance' AND l.retrieval_id = ${item.retrieval_id} AND l.asset_id = ${item.asset_id}`
      : sql`l.kind = 'relevance' AND l.retrieval_id IS NULL AND l.query = ${item.query} AND l.asset_id = ${item.asset_id}`;
  }
  if (item.kind === 'role') return sql`l.kind = 'role' AND l.retrieval_id = ${item.id}`;
  if (item.kind === 'intent') return sql`l.kind = 'intent' AND l.turn_id = ${item.id}`;
  return sql`l.kind = 'answer_review' AND l.target_event_id = ${item.id}`;
}

/** Every label of the agreement item, in label order, as item-labels.ts shapes a label. */
export const agreementItemLabelsQuery = (item: LabelItem): SqlQuery => sql`
WITH ordered AS (
  SELECT *, row_number() OVER (ORDER BY ts NULLS FIRST, seq)::INTEGER AS label_order FROM labels
)
SELECT l.event_id, l.kind, l.retrieval_id, l.query, l.asset_id, l.grade::INTEGER AS grade, l.role, l.turn_id,
       l.retrieval_intent, l.intents, l.target_event_id, l.verdict, l.note, l.annotator,
       coalesce(l.adjudicated, false) AS adjudicated, l.ts, l.label_order,
       l.file_id = ${GIVEN_LABELS_FILE_ID} AS given_here, f.name AS file
FROM ordered l LEFT JOIN files f ON f.file_id = l.file_id
WHERE ${itemCondition(item)}
ORDER BY l.label_order`;

export const CATALOG_ASSET_ROW = {
  asset_id: 'string',
  title: 'string|null',
  text: 'string|null',
  kind: 'string|null',
} as const;

export type CatalogAssetRow = RowOf<typeof CATALOG_ASSET_ROW>;

export const catalogAssetQuery = (assetId: string): SqlQuery =>
  sql`SELECT asset_id, title, text, kind FROM asset_catalog WHERE asset_id = ${assetId}`;

/** A retrieval that ran a query a relevance label was given by, and where it returned the asset. */
export const LABELED_QUERY_RETRIEVAL_ROW = {
  retrieval_id: 'string',
  session_id: 'string|null',
  ts: 'number|null',
  /** 1-based rank of the asset in what it returned; null when it did not return it. */
  rank: 'number|null',
} as const;

export type LabeledQueryRetrievalRow = RowOf<typeof LABELED_QUERY_RETRIEVAL_ROW>;

export const QUERY_RETRIEVALS_SHOWN = 20;

/** The retrievals with exactly this query (the first few, in time order). */
export const labeledQueryRetrievalsQuery = (query: string, assetId: string): SqlQuery => sql`
SELECT retrieval_id, session_id, ts, nullif(list_position(returned_asset_ids, ${assetId}), 0)::INTEGER AS rank
FROM retrievals WHERE query = ${query} AND retrieval_id IS NOT NULL
ORDER BY ts NULLS FIRST, seq LIMIT ${QUERY_RETRIEVALS_SHOWN}`;

export interface AgreementItemContext {
  kind: LabelKind;
  item: LabelItem;
  /** The session to open: the retrieval's, the turn's or the response's (a query label: its first retrieval's). */
  sessionId: string | null;
  /** Relevance by retrieval, role: the retrieval (null when no loaded retrieval has the id). */
  retrieval: QueueRetrievalRow | null;
  /** The prompt of the retrieval's turn (relevance, role) or the turn itself (intent). */
  turn: QueueTurnRow | null;
  /** Relevance by retrieval, role: the ranked list as returned, titled from the catalog. */
  ranked: RankedAssetRow[];
  /** Relevance: the judged asset's catalog entry (null when the catalog does not list it). */
  asset: CatalogAssetRow | null;
  /** Relevance by query: the retrievals that ran it. */
  queryRetrievals: LabeledQueryRetrievalRow[];
  /** Intent: what the agent retrieved in the turn. */
  turnRetrievals: TurnRetrievalRow[];
  /** Answer review: question, answer and retrieved context. */
  review: ReviewItem | null;
  labels: ItemLabelRow[];
}

export async function loadAgreementItem(engine: Engine, item: LabelItem): Promise<AgreementItemContext> {
  const context: AgreementItemContext = {
    kind: item.kind, item, sessionId: null, retrieval: null, turn: null, ranked: [], asset: null,
    queryRetrievals: [], turnRetrievals: [], review: null,
    labels: await run(engine, agreementItemLabelsQuery(item), ITEM_LABEL_ROW),
  };
  if (item.kind === 'relevance') context.asset = (await run(engine, catalogAssetQuery(item.asset_id), CATALOG_ASSET_ROW))[0] ?? null;
  if (item.kind === 'relevance' && item.query !== undefined) {
    context.queryRetrievals = await run(engine, labeledQueryRetrievalsQuery(item.query, item.asset_id), LABELED_QUERY_RETRIEVAL_ROW);
    context.sessionId = context.queryRetrievals[0]?.session_id ?? null;
    return context;
  }
  if (item.kind === 'answer_review') {
    context.review = (await loadReviewItems(engine, [item.id])).items[0] ?? null;
    context.sessionId = context.review?.response.session_id ?? null;
    return context;
  }
  if (item.kind === 'intent') {
    context.turn = (await run(engine, queueTurnQuery(item.id, null), QUEUE_TURN_ROW))[0] ?? null;
    context.sessionId = context.turn?.session_id ?? null;
    if (context.turn?.session_id) context.turnRetrievals = await run(engine, turnRetrievalsQuery(context.turn.session_id, item.id), TURN_RETRIEVAL_ROW);
    return context;
  }
  const retrievalId = item.kind === 'relevance' ? item.retrieval_id : item.id;
  const retrieval = (await run(engine, queueRetrievalQuery(retrievalId), QUEUE_RETRIEVAL_ROW))[0] ?? null;
  context.retrieval = retrieval;
  if (!retrieval) return context;
  context.sessionId = retrieval.session_id;
  context.ranked = await run(engine, rankedAssetsQuery(retrievalId), RANKED_ASSET_ROW);
  if (retrieval.turn_id !== null) context.turn = (await run(engine, queueTurnQuery(retrieval.turn_id, retrieval.session_id), QUEUE_TURN_ROW))[0] ?? null;
  return context;
}
