import type { QueueKind } from '../../../model/annotation/queue';
import type { Engine } from '../../engine';
import { specOf, type RowOf } from '../core/row-spec';
import { run } from '../core/run';
import { identifier, sql, type SqlQuery } from '../core/sql-query';
import { itemLabelsQuery, type ItemLabelRow } from './item-labels';

/**
 * What an annotator reads beside one queue item (issue 9, "Queues"): the retrieval (relevance,
 * role) with its ranked list, titled and texted from `asset_catalog`; the turn's prompt and the
 * turn before it in the session (its prompt and the reply); the turn's route and retrievals
 * (intent); the gate events of the same request or turn, or naming the retrieval; every label
 * already on the item. `loadQueueItem` reads it all in one statement (`queueItemQuery`); the
 * separate builders below are what that statement is checked against
 * (queue-item-one-statement.test.ts) and what bench/annotate-queries.ts compares it with.
 */
export const QUEUE_RETRIEVAL_ROW = {
  retrieval_id: 'string',
  session_id: 'string|null',
  turn_id: 'string|null',
  request_id: 'string|null',
  ts: 'number|null',
  query: 'string|null',
  role: 'string|null',
  retriever: 'string|null',
  surface: 'string|null',
  dense_score: 'number|null',
  sparse_score: 'number|null',
  result_count: 'number',
} as const;

export type QueueRetrievalRow = RowOf<typeof QUEUE_RETRIEVAL_ROW>;

export const QUEUE_TURN_ROW = {
  turn_id: 'string',
  session_id: 'string|null',
  request_id: 'string|null',
  ts: 'number|null',
  text: 'string|null',
  category: 'string|null',
  surface: 'string|null',
  route: 'string|null',
  tool: 'string|null',
  previous_turn_id: 'string|null',
  previous_prompt: 'string|null',
  previous_response: 'string|null',
} as const;

export type QueueTurnRow = RowOf<typeof QUEUE_TURN_ROW>;

/** One rank of a retrieval's list: a repeated asset appears at each of its ranks. */
export const RANKED_ASSET_ROW = {
  rank: 'number',
  asset_id: 'string',
  score: 'number|null',
  title: 'string|null',
  text: 'string|null',
  kind: 'string|null',
} as const;

export type RankedAssetRow = RowOf<typeof RANKED_ASSET_ROW>;

export const QUEUE_GATE_ROW = {
  event_id: 'string',
  ts: 'number|null',
  decision: 'string|null',
  reason: 'string|null',
  dense_score: 'number|null',
  sparse_score: 'number|null',
  top_gap: 'number|null',
  doc_count: 'number|null',
  category: 'string|null',
  retrieval_id: 'string|null',
} as const;

export type QueueGateRow = RowOf<typeof QUEUE_GATE_ROW>;

export const queueRetrievalQuery = (retrievalId: string) => sql`
SELECT retrieval_id, session_id, turn_id, request_id, ts, query, role, retriever, surface, dense_score, sparse_score,
       coalesce(len(returned_asset_ids), 0)::INTEGER AS result_count
FROM retrievals WHERE retrieval_id = ${retrievalId} ORDER BY seq LIMIT 1`;

/** The turn (its first prompt; within `sessionId` when given), its route and the turn before it in the session. */
export function queueTurnQuery(turnId: string, sessionId: string | null): SqlQuery {
  const inSession = sessionId === null ? sql`` : sql`AND session_id = ${sessionId}`;
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
  const same = (column: string, value: string | null) => (value === null ? sql`FALSE` : sql`${identifier(column)} = ${value}`);
  const session = sessionId === null ? sql`TRUE` : sql`session_id = ${sessionId}`;
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

export const TURN_RETRIEVAL_ROW = {
  retrieval_id: 'string',
  query: 'string|null',
  role: 'string|null',
  result_count: 'number',
} as const;

export type TurnRetrievalRow = RowOf<typeof TURN_RETRIEVAL_ROW>;

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

/** The turn `this` (one prompt row) with its route and the turn before it in the session, as queueTurnQuery reads it. */
const TURN_OF_THIS = sql`
previous AS (
  SELECT p.turn_id, p.text FROM prompts p JOIN this t ON p.session_id = t.session_id
  WHERE p.turn_id IS DISTINCT FROM t.turn_id AND (coalesce(p.ts, 0), p.seq) < (coalesce(t.ts, 0), t.seq)
  ORDER BY coalesce(p.ts, 0) DESC, p.seq DESC LIMIT 1
),
turn AS (
  SELECT t.turn_id, t.session_id, t.request_id, t.ts, t.text, t.category, t.surface,
         (SELECT r.route FROM routes r WHERE r.session_id = t.session_id AND r.turn_id = t.turn_id ORDER BY r.seq DESC LIMIT 1) AS route,
         (SELECT r.tool FROM routes r WHERE r.session_id = t.session_id AND r.turn_id = t.turn_id ORDER BY r.seq DESC LIMIT 1) AS tool,
         pv.turn_id AS previous_turn_id, pv.text AS previous_prompt,
         (SELECT r.text FROM responses r WHERE r.session_id = t.session_id AND r.turn_id = pv.turn_id ORDER BY r.seq DESC LIMIT 1) AS previous_response
  FROM this t LEFT JOIN previous pv ON TRUE
)`;

const GATE_COLUMNS = sql`struct_pack(g.event_id, g.ts, g.decision, g.reason, g.dense_score, g.sparse_score, g.top_gap,
  doc_count := g.doc_count::INTEGER, g.category, g.retrieval_id)`;
const LABEL_FIELDS = sql`struct_pack(l.event_id, l.kind, l.retrieval_id, l.query, l.asset_id, l.grade, l.role, l.turn_id, l.retrieval_intent,
  l.intents, l.target_event_id, l.verdict, l.note, l.annotator, l.adjudicated, l.ts, l.label_order, l.given_here, l.file)`;

/**
 * One queue item's whole context in one statement (one round trip to the engine, one job slot):
 * the retrieval (relevance, role) with its ranked list, its turn and the turn before, the gate
 * events, and the labels on it; for an intent item the turn, its gates and retrievals. The same
 * rows as the separate builders above read (queue-items.test.ts checks them).
 */
export function queueItemQuery(kind: QueueKind, itemId: string): SqlQuery {
  if (kind === 'intent') {
    return sql`
WITH this AS (SELECT * FROM prompts WHERE turn_id = ${itemId} ORDER BY seq LIMIT 1),
${TURN_OF_THIS}
SELECT (SELECT t FROM turn t) AS turn,
       (SELECT list(${GATE_COLUMNS} ORDER BY g.ts NULLS FIRST, g.seq) FROM gates g, turn t
        WHERE (t.session_id IS NULL OR g.session_id = t.session_id) AND (g.request_id = t.request_id OR g.turn_id = t.turn_id)) AS gates,
       (SELECT list(struct_pack(r.retrieval_id, r.query, r.role, result_count := coalesce(len(r.returned_asset_ids), 0)::INTEGER) ORDER BY r.ts NULLS FIRST, r.seq)
        FROM retrievals r, turn t WHERE r.session_id = t.session_id AND r.turn_id = t.turn_id AND r.retrieval_id IS NOT NULL) AS turn_retrievals,
       (SELECT list(${LABEL_FIELDS} ORDER BY l.label_order) FROM (${itemLabelsQuery({ turnIds: [itemId] })}) l) AS labels`;
  }
  return sql`
WITH item AS (SELECT * FROM retrievals WHERE retrieval_id = ${itemId} ORDER BY seq LIMIT 1),
this AS (SELECT p.* FROM prompts p, item i WHERE p.turn_id = i.turn_id AND (i.session_id IS NULL OR p.session_id = i.session_id) ORDER BY p.seq LIMIT 1),
${TURN_OF_THIS}
SELECT (SELECT struct_pack(i.retrieval_id, i.session_id, i.turn_id, i.request_id, i.ts, i.query, i.role, i.retriever, i.surface, i.dense_score,
               i.sparse_score, result_count := coalesce(len(i.returned_asset_ids), 0)::INTEGER) FROM item i) AS retrieval,
       (SELECT t FROM turn t) AS turn,
       (SELECT list(struct_pack(rank := k::INTEGER, asset_id := i.returned_asset_ids[k], score := i.scores[k], c.title, c.text, c.kind) ORDER BY k)
        FROM (SELECT *, generate_subscripts(returned_asset_ids, 1) AS k FROM item) i
        LEFT JOIN asset_catalog c ON c.asset_id = i.returned_asset_ids[k]) AS assets,
       (SELECT list(${GATE_COLUMNS} ORDER BY g.ts NULLS FIRST, g.seq) FROM gates g, item i
        WHERE g.retrieval_id = i.retrieval_id OR ((i.session_id IS NULL OR g.session_id = i.session_id) AND (g.request_id = i.request_id OR g.turn_id = i.turn_id))) AS gates,
       (SELECT list(${LABEL_FIELDS} ORDER BY l.label_order) FROM (${itemLabelsQuery({ retrievalIds: [itemId] })}) l) AS labels`;
}

interface QueueItemRow {
  retrieval?: QueueRetrievalRow | null;
  turn: QueueTurnRow | null;
  assets?: RankedAssetRow[] | null;
  gates: QueueGateRow[] | null;
  turn_retrievals?: TurnRetrievalRow[] | null;
  labels: ItemLabelRow[] | null;
}

/** Only the columns every kind's statement has: `retrieval`, `assets` and `turn_retrievals` are some kinds' only. */
const QUEUE_ITEM_ROW = specOf<QueueItemRow>()({ turn: 'json', gates: 'json', labels: 'json' });

export async function loadQueueItem(engine: Engine, kind: QueueKind, itemId: string): Promise<QueueItemContext> {
  const empty: QueueItemContext = { kind, item_id: itemId, found: false, retrieval: null, turn: null, assets: [], gates: [], turnRetrievals: [], labels: [] };
  const [row] = await run(engine, queueItemQuery(kind, itemId), QUEUE_ITEM_ROW);
  const found = kind === 'intent' ? row.turn !== null : (row.retrieval ?? null) !== null;
  if (!found) return empty;
  return {
    ...empty, found: true, retrieval: row.retrieval ?? null, turn: row.turn, assets: row.assets ?? [], gates: row.gates ?? [],
    turnRetrievals: row.turn_retrievals ?? [], labels: row.labels ?? [],
  };
}
