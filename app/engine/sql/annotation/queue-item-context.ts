import type { QueueKind } from '../../../model/annotation/queue';
import type { Engine } from '../../engine';
import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';
import { itemLabelsQuery, type ItemLabelRow } from './item-labels';

/**
 * What an annotator reads beside one queue item (issue 9, "Queues"): the retrieval (relevance,
 * role) with its ranked list, titled and texted from `asset_catalog`; the turn's prompt and the
 * turn before it in the session (its prompt and the reply); the turn's route and retrievals
 * (intent); the gate events of the same request or turn, or naming the retrieval; every label
 * already on the item.
 */
export interface QueueRetrievalRow {
  retrieval_id: string;
  session_id: string | null;
  turn_id: string | null;
  request_id: string | null;
  ts: number | null;
  query: string | null;
  role: string | null;
  retriever: string | null;
  surface: string | null;
  dense_score: number | null;
  sparse_score: number | null;
  result_count: number;
}

export interface QueueTurnRow {
  turn_id: string;
  session_id: string | null;
  request_id: string | null;
  ts: number | null;
  text: string | null;
  category: string | null;
  surface: string | null;
  route: string | null;
  tool: string | null;
  previous_turn_id: string | null;
  previous_prompt: string | null;
  previous_response: string | null;
}

/** One rank of a retrieval's list: a repeated asset appears at each of its ranks. */
export interface RankedAssetRow {
  rank: number;
  asset_id: string;
  score: number | null;
  title: string | null;
  text: string | null;
  kind: string | null;
}

export interface QueueGateRow {
  event_id: string;
  ts: number | null;
  decision: string | null;
  reason: string | null;
  dense_score: number | null;
  sparse_score: number | null;
  top_gap: number | null;
  doc_count: number | null;
  category: string | null;
  retrieval_id: string | null;
}

export const queueRetrievalQuery = (retrievalId: string) => sql`
SELECT retrieval_id, session_id, turn_id, request_id, ts, query, role, retriever, surface, dense_score, sparse_score,
       coalesce(len(returned_asset_ids), 0)::INTEGER AS result_count
FROM retrievals WHERE retrieval_id = ${retrievalId} ORDER BY seq LIMIT 1`;

/** The turn (its first prompt; within `sessionId` when given), its route and the turn before it in the session. */
export function queueTurnQuery(turnId: string, sessionId: string | null): SqlQuery {
  const inSession = sessionId === null ? rawSql('') : sql`AND session_id = ${sessionId}`;
  return sql`
WITH this AS (
  SELECT * FROM prompts WHERE turn_id = ${turnId} ${inSession} ORDER BY seq LIMIT 1
),
previous AS (
  SELECT p.turn_id, p.text FROM prompts p JOIN this t ON p.session_id = t.session_id
  WHERE p.turn_id IS DISTINCT FROM t.turn_id AND (coalesce(p.ts, 0), p.seq) < (coalesce(t.ts, 0), t.seq)
  ORDER BY coalesce(p.ts, 0) DESC, p.seq DESC LIMIT 1
)
SELECT t.turn_id, t.session_id, t.request_id, t.ts, t.text, t.category, t.surface,
       (SELECT r.route FROM routes r WHERE r.session_id = t.session_id AND r.turn_id = t.turn_id ORDER BY r.seq DESC LIMIT 1) AS route,
       (SELECT r.tool FROM routes r WHERE r.session_id = t.session_id AND r.turn_id = t.turn_id ORDER BY r.seq DESC LIMIT 1) AS tool,
       pv.turn_id AS previous_turn_id, pv.text AS previous_prompt,
       (SELECT r.text FROM responses r WHERE r.session_id = t.session_id AND r.turn_id = pv.turn_id ORDER BY r.seq DESC LIMIT 1) AS previous_response
FROM this t LEFT JOIN previous pv ON TRUE`;
}

export const rankedAssetsQuery = (retrievalId: string) => sql`
WITH r AS (SELECT returned_asset_ids AS ids, scores FROM retrievals WHERE retrieval_id = ${retrievalId} ORDER BY seq LIMIT 1),
ranked AS (SELECT generate_subscripts(ids, 1) AS rank, ids, scores FROM r)
SELECT rank::INTEGER AS rank, ids[rank] AS asset_id, scores[rank] AS score, c.title, c.text, c.kind
FROM ranked LEFT JOIN asset_catalog c ON c.asset_id = ids[rank]
ORDER BY rank`;

/** Gate events of the session that name the retrieval, or share its request or turn. */
export function queueGatesQuery(sessionId: string | null, { retrievalId = null, requestId = null, turnId = null }: { retrievalId?: string | null; requestId?: string | null; turnId?: string | null }): SqlQuery {
  const same = (column: string, value: string | null) => (value === null ? rawSql('FALSE') : sql`${rawSql(column)} = ${value}`);
  const session = sessionId === null ? rawSql('TRUE') : sql`session_id = ${sessionId}`;
  return sql`
SELECT event_id, ts, decision, reason, dense_score, sparse_score, top_gap, doc_count::INTEGER AS doc_count, category, retrieval_id
FROM gates
WHERE ${same('retrieval_id', retrievalId)} OR (${session} AND (${same('request_id', requestId)} OR ${same('turn_id', turnId)}))
ORDER BY ts NULLS FIRST, seq`;
}

/** The retrievals of a turn in its session (intent items), in time order. */
export const turnRetrievalsQuery = (sessionId: string, turnId: string) => sql`
SELECT retrieval_id, query, role, coalesce(len(returned_asset_ids), 0)::INTEGER AS result_count
FROM retrievals WHERE session_id = ${sessionId} AND turn_id = ${turnId} AND retrieval_id IS NOT NULL
ORDER BY ts NULLS FIRST, seq`;

export interface TurnRetrievalRow {
  retrieval_id: string;
  query: string | null;
  role: string | null;
  result_count: number;
}

export interface QueueItemContext {
  kind: QueueKind;
  item_id: string;
  /** False when no retrieval (relevance, role) or prompt (intent) has the id. */
  found: boolean;
  retrieval: QueueRetrievalRow | null;
  turn: QueueTurnRow | null;
  assets: RankedAssetRow[];
  gates: QueueGateRow[];
  turnRetrievals: TurnRetrievalRow[];
  /** Every label on the item (retrievals: relevance and role; turns: intent), in label order. */
  labels: ItemLabelRow[];
}

export async function loadQueueItem(engine: Engine, kind: QueueKind, itemId: string): Promise<QueueItemContext> {
  const run = <Row>(query: SqlQuery) => engine.query<Row>(query.sql, query.params);
  const empty: QueueItemContext = { kind, item_id: itemId, found: false, retrieval: null, turn: null, assets: [], gates: [], turnRetrievals: [], labels: [] };
  if (kind === 'intent') {
    const [turn] = await run<QueueTurnRow>(queueTurnQuery(itemId, null));
    if (!turn) return empty;
    const gates = await run<QueueGateRow>(queueGatesQuery(turn.session_id, { requestId: turn.request_id, turnId: turn.turn_id }));
    const turnRetrievals = turn.session_id === null ? [] : await run<TurnRetrievalRow>(turnRetrievalsQuery(turn.session_id, turn.turn_id));
    const labels = await run<ItemLabelRow>(itemLabelsQuery({ turnIds: [itemId] }));
    return { ...empty, found: true, turn, gates, turnRetrievals, labels };
  }
  const [retrieval] = await run<QueueRetrievalRow>(queueRetrievalQuery(itemId));
  if (!retrieval) return empty;
  const [turn] = retrieval.turn_id === null ? [] : await run<QueueTurnRow>(queueTurnQuery(retrieval.turn_id, retrieval.session_id));
  const assets = await run<RankedAssetRow>(rankedAssetsQuery(itemId));
  const gates = await run<QueueGateRow>(queueGatesQuery(retrieval.session_id, { retrievalId: itemId, requestId: retrieval.request_id, turnId: retrieval.turn_id }));
  const labels = await run<ItemLabelRow>(itemLabelsQuery({ retrievalIds: [itemId] }));
  return { ...empty, found: true, retrieval, turn: turn ?? null, assets, gates, labels };
}
