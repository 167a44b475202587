import type { AgreementVote } from '../../../model/annotation/agreement';
import type { QueueCandidate, QueueKind } from '../../../model/annotation/queue';
import type { Engine } from '../../engine';
import { specOf } from '../core/row-spec';
import { run } from '../core/run';
import { sql, valueList, type SqlQuery } from '../core/sql-query';
import { GIVEN_LABELS_FILE_ID } from '../../../schema/given-label';
import { AGREEMENT_VOTE_ROW, agreementVotesQuery } from './agreement-votes';
import { ITEM_LABEL_ROW, type ItemLabelRow } from './item-labels';

/**
 * The items a labeling queue can hold (features/annotate, model/annotation/queue.ts picks
 * among them): a relevance item is a retrieval that returned at least one asset (there is
 * nothing to grade in an empty result), a role item is any retrieval, an intent item is a turn
 * (its first prompt). Each carries the fields a sample is stratified by: the retrieval's logged
 * role (intent: the turn's first retrieval's), the surface (the retrieval's, else its prompt's)
 * and the category (the prompt's, else the gate's). In time order, each id once.
 */
export interface QueueItemRow extends QueueCandidate {
  /** The retrieval's query; for an intent item, the prompt's text. */
  query: string | null;
}

export const QUEUE_ITEM_ROW = specOf<QueueItemRow>()({
  item_id: 'string', role: 'string|null', surface: 'string|null', category: 'string|null', asset_list: 'string', query: 'string|null',
});

/**
 * The items of a queue of `kind` with `item_order` (their time order) and, unless `assets` is
 * false, `assets` (relevance: the distinct assets to grade; otherwise []): a list per item costs
 * more than the rest of the scan, so the pick leaves it out and reads it for the few items that
 * need it (`itemAssetsSql`). Without `strata`, the role, surface and category are left out, and
 * with them the joins that find them.
 */
export function queueItemsSql(kind: QueueKind, { strata = true, assets: withAssets = true } = {}): SqlQuery {
  if (kind === 'intent') {
    return sql`
WITH turn_retrieval AS (
  SELECT session_id, turn_id, role FROM retrievals WHERE turn_id IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY session_id, turn_id ORDER BY seq) = 1
)
SELECT p.turn_id AS item_id, p.text AS query, r.role, p.surface, p.category, ${withAssets ? sql`[]::VARCHAR[]` : sql`NULL::VARCHAR[]`} AS assets,
       row_number() OVER (ORDER BY p.ts NULLS LAST, p.seq) AS item_order
FROM prompts p
LEFT JOIN turn_retrieval r ON r.session_id = p.session_id AND r.turn_id = p.turn_id
WHERE p.turn_id IS NOT NULL
QUALIFY row_number() OVER (PARTITION BY p.turn_id ORDER BY p.seq) = 1`;
  }
  const assets = !withAssets ? sql`NULL::VARCHAR[]` : kind === 'relevance' ? sql`list_distinct(r.returned_asset_ids)` : sql`[]::VARCHAR[]`;
  const where = sql`r.retrieval_id IS NOT NULL${kind === 'relevance' ? sql` AND len(r.returned_asset_ids) > 0` : sql``}`;
  const order = sql`row_number() OVER (ORDER BY r.ts NULLS LAST, r.seq) AS item_order`;
  // A retrieval id is defined once in the loaded logs (a repeat is rejected at load): one event per item.
  if (!strata) {
    return sql`
SELECT r.retrieval_id AS item_id, r.query, ${assets} AS assets, ${order}
FROM events_retrieval r
WHERE ${where}`;
  }
  return sql`
WITH turn_prompt AS (
  SELECT session_id, turn_id, surface, category FROM prompts WHERE turn_id IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY session_id, turn_id ORDER BY seq) = 1
),
gate_category AS (
  SELECT retrieval_id, category FROM gates WHERE retrieval_id IS NOT NULL AND category IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY retrieval_id ORDER BY seq DESC) = 1
)
SELECT r.retrieval_id AS item_id, r.query, r.role, coalesce(r.surface, p.surface) AS surface,
       coalesce(p.category, g.category) AS category, ${assets} AS assets, ${order}
FROM retrievals r
LEFT JOIN turn_prompt p ON p.session_id = r.session_id AND p.turn_id = r.turn_id
LEFT JOIN gate_category g ON g.retrieval_id = r.retrieval_id
WHERE ${where}
QUALIFY row_number() OVER (PARTITION BY r.retrieval_id ORDER BY r.seq) = 1`;
}

/**
 * The distinct assets to grade of the relevance items in `ids` (SQL selecting item ids), as
 * queueItemsSql reads them: the first event (by seq) of each retrieval that returned any. `few`:
 * the rows are found by id first and only theirs read by row id, not every retrieval's list
 * (a window's ~108 items at 1M events: 35 ms less); for thousands of scattered items it is slower.
 */
export const itemAssetsSql = (ids: SqlQuery, { few = false } = {}): SqlQuery => sql`SELECT retrieval_id AS item_id, list_distinct(arg_min(returned_asset_ids, seq)) AS assets
FROM events_retrieval WHERE ${few ? sql`rowid IN (SELECT rowid FROM events_retrieval WHERE retrieval_id IN (${ids}))` : sql`retrieval_id IN (${ids})`}
  AND len(returned_asset_ids) > 0 GROUP BY retrieval_id`;

export function queueItemsQuery(kind: QueueKind): SqlQuery {
  const assetList = kind === 'relevance' ? sql`array_to_string(assets, chr(31))` : sql`''`;
  return sql`SELECT item_id, query, role, surface, category, ${assetList} AS asset_list
FROM (${queueItemsSql(kind)}) ORDER BY item_order`;
}

export interface QueueCandidates {
  candidates: QueueItemRow[];
  /** Every label of the queue's kind on those items, in label order (item-labels.ts). */
  labels: ItemLabelRow[];
}

/** Which retrievals are items of a relevance or role queue (RETRIEVAL_ITEMS' condition). */
const ITEM_RETRIEVALS = (kind: 'relevance' | 'role') =>
  sql`SELECT DISTINCT retrieval_id FROM events_retrieval WHERE retrieval_id IS NOT NULL${kind === 'relevance' ? sql` AND len(returned_asset_ids) > 0` : sql``}`;

/** The (retrieval_id, query) of known relevance or role items, bound. */
function knownRetrievals(items: KnownItems): SqlQuery {
  if (items.length === 0) return sql`SELECT NULL::VARCHAR AS retrieval_id, NULL::VARCHAR AS query WHERE false`;
  return {
    sql: `SELECT * FROM (VALUES ${items.map(() => '(?::VARCHAR, ?::VARCHAR)').join(', ')}) v(retrieval_id, query)`,
    params: items.flatMap((item) => [item.item_id, item.query]),
  };
}

/** Items of a queue already read (a window of queue-pick.ts): their ids and, for relevance, their queries. */
export type KnownItems = readonly { item_id: string; query: string | null }[];

/**
 * Every label of `kind` on the queue's items, in label order, as item-labels.ts reads them for
 * the same ids (a relevance label given by query once per item retrieval with that query). One
 * pass over the labels: `label_order` is a row number over every label (by ts, labels without ts
 * first, then seq), where item-labels.ts counts, per picked label, the labels before it — fine for
 * a session's few labels, quadratic for a queue's thousands. `items`: only the labels on those
 * items, which are known to be items of the kind (no retrieval or prompt is scanned to find them).
 */
export function queueLabelsQuery(kind: QueueKind, items?: KnownItems): SqlQuery {
  const columns = sql`event_id, kind, retrieval_id, query, asset_id, grade, role, turn_id, retrieval_intent, intents, target_event_id, verdict, note, annotator, adjudicated, ts, file_id, seq`;
  const targeted = kind === 'intent'
    ? sql`SELECT ${columns} FROM events_label WHERE kind = 'intent' AND turn_id IN ${items
      ? valueList(items.map((item) => item.item_id))
      : sql`(SELECT turn_id FROM events_prompt WHERE turn_id IS NOT NULL)`}`
    : sql`WITH item_retrievals AS (${items ? knownRetrievals(items) : sql`SELECT DISTINCT retrieval_id, query FROM events_retrieval WHERE retrieval_id IN (${ITEM_RETRIEVALS(kind)})`})
  SELECT ${columns} FROM events_label WHERE kind = ${kind} AND retrieval_id IN (SELECT retrieval_id FROM item_retrievals)
  ${kind === 'relevance' ? sql`UNION ALL
  SELECT l.* REPLACE (r.retrieval_id AS retrieval_id) FROM (SELECT ${columns} FROM events_label WHERE kind = 'relevance' AND retrieval_id IS NULL) l
  JOIN item_retrievals r ON r.query = l.query` : sql``}`;
  return sql`
WITH targeted AS (${targeted}),
label_order AS (SELECT seq, row_number() OVER (ORDER BY ts NULLS FIRST, seq)::INTEGER AS label_order FROM events_label)
SELECT t.event_id, t.kind, t.retrieval_id, t.query, t.asset_id, t.grade::INTEGER AS grade, t.role, t.turn_id,
       t.retrieval_intent, t.intents, t.target_event_id, t.verdict, t.note, t.annotator,
       coalesce(t.adjudicated, false) AS adjudicated, t.ts, o.label_order,
       t.file_id = ${GIVEN_LABELS_FILE_ID} AS given_here, f.name AS file
FROM targeted t JOIN label_order o USING (seq) LEFT JOIN files f ON f.file_id = t.file_id
ORDER BY o.label_order, t.retrieval_id`;
}

/** Everything a queue of `kind` is picked from and its progress is counted on. */
export async function loadQueueCandidates(engine: Engine, kind: QueueKind): Promise<QueueCandidates> {
  const candidates = await run(engine, queueItemsQuery(kind), QUEUE_ITEM_ROW);
  const labels = await run(engine, queueLabelsQuery(kind), ITEM_LABEL_ROW);
  return { candidates, labels };
}

/** The votes agreement measures (agreement-votes.ts) on labels of `kind`: what the `disagreement` pick reads. */
export async function loadQueueVotes(engine: Engine, kind: QueueKind): Promise<AgreementVote[]> {
  return run(engine, agreementVotesQuery([kind]), AGREEMENT_VOTE_ROW);
}
