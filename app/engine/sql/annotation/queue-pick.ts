import { NO_STRATUM, type QueueKind, type QueuePick, type QueueStratum } from '../../../model/annotation/queue';
import { fnv1a } from '../../../lib/hash';
import { GIVEN_LABELS_FILE_ID } from '../../../schema/given-label';
import { specOf } from '../core/row-spec';
import { run } from '../core/run';
import { identifier, sql, rawSql, type SqlQuery } from '../core/sql-query';
import { literal } from '../core/quote';
import { agreementVotesQuery } from './agreement-votes';
import type { Engine } from '../../engine';
import { ITEM_LABEL_ROW, type ItemLabelRow } from './item-labels';
import { itemAssetsSql, queueItemsSql, queueLabelsQuery } from './queue-items';

/**
 * A labeling queue picked by the engine (features/annotate): its items in order, a page at a
 * time, and its progress counted in SQL, so that opening a queue of hundreds of thousands of
 * items reads one page of ids and one row of counts, never every candidate and label.
 *
 * Which items, in which order (the rule, so that a queue reproduces anywhere):
 * - unlabeled: the items without a label of the kind, in time order (`item_order`);
 * - disagreement: the items with a disagreement by the agreement rules (agreement-votes.ts: two
 *   or more annotators whose latest values differ); a relevance disagreement on a label given by
 *   query marks every item retrieval with that query; in time order;
 * - single: the items whose labels come from exactly one voter (the named annotators, plus one for
 *   any labels without an annotator) who is not the queue's annotator; in time order;
 * - sample: the first `size` items of the seeded stratified order:
 *   1. strata: the items grouped by the `by` field (missing → "(none)");
 *   2. within a stratum: ascending `sampleRank(seed, item_id)`, ties by item id;
 *   3. interleaving: the i-th item (0-based) of a stratum of n items sits at (i + ½) / n; all
 *      items are merged by that position, ties by stratum name. Every prefix then holds each
 *      stratum in proportion to its size (within about one item per stratum), so a sample of any
 *      size is stratified.
 * `sampleRank` is MurmurHash3's fmix32 over FNV-1a 32 of `seed + U+001F + item_id`, over its
 * UTF-16 code units: the hash the JavaScript pick used, so a seed still gives the same sample.
 *
 * The list is frozen when made (`frozenAt`, epoch ms): labels given in this browser after it
 * (file_id GIVEN_LABELS_FILE_ID, later ts) do not change which items it holds, so a list read
 * again — the next page, after a reload — is the one made then. An item `linked` to (the URL's
 * item) that the pick leaves out comes first. Text order is the engine's (bytes of UTF-8).
 */
export interface QueuePickParams {
  kind: QueueKind;
  pick: QueuePick;
  by: QueueStratum;
  seed: string;
  size: number;
  /** Whom the queue is for: `single` leaves out the items they labeled, `done` counts theirs. */
  annotator: string;
  frozenAt: number;
  linked: string | null;
}

const FNV_PRIME = 16777619;
const TWO_32 = 4294967296;
/** One step of FNV-1a: the hash so far `h` and a code unit `u`, the hash's constants written in. */
const FNV_STEP = rawSql(`(h, u) -> (xor(h, u::BIGINT) * ${FNV_PRIME}) % ${TWO_32}`);

/**
 * `source` (a relation with an `item_id` column) with `rank`, `sampleRank(seed, item_id)` in SQL:
 * FNV-1a continued from the hash of `seed + U+001F` (computed here) over the id's UTF-16 code
 * units (a code point above U+FFFF is its two surrogates, as JavaScript's charCodeAt reads it),
 * then fmix32 (h ^= h >>> 16; h = imul(h, 0x85ebca6b); h ^= h >>> 13; h = imul(h, 0xc2b2ae35);
 * h ^= h >>> 16), each product taken modulo 2³² as Math.imul does.
 */
export function withSampleRank(source: SqlQuery, seed: string): SqlQuery {
  const units = sql`flatten(list_transform(string_split(item_id, ''), c -> CASE WHEN unicode(c) > 65535
    THEN [55296 + ((unicode(c) - 65536) >> 10), 56320 + ((unicode(c) - 65536) & 1023)] ELSE [unicode(c)] END))`;
  const prefix = fnv1a(`${seed}\u001f`);
  const fnv = sql`CASE WHEN item_id = '' THEN ${prefix}::BIGINT
    ELSE list_reduce(${units}, ${FNV_STEP}, ${prefix}::BIGINT) END`;
  const times = (h: string, shift: number, multiplier: number) => rawSql(`((xor(${h}, ${h} >> ${shift})::UBIGINT * ${multiplier}::UBIGINT) % ${TWO_32})::BIGINT`);
  return sql`SELECT * EXCLUDE (h2), xor(h2, h2 >> 16) AS rank FROM (
  SELECT * EXCLUDE (h1), ${times('h1', 13, 0xc2b2ae35)} AS h2 FROM (
    SELECT * EXCLUDE (h0), ${times('h0', 16, 0x85ebca6b)} AS h1 FROM (
      SELECT *, ${fnv} AS h0 FROM (${source}))))`;
}

/** A frozen-at time as SQL text: a finite number of ms (not user text). */
const msLiteral = (ms: number) => {
  if (!Number.isFinite(ms)) throw new Error(`a queue's frozen-at time must be a number of ms, not ${ms}`);
  return String(Math.trunc(ms));
};

/** The labels the list was picked with: all but those given in this browser after it was frozen. */
const beforeFreeze = (frozenAt: number) => `(file_id IS DISTINCT FROM ${GIVEN_LABELS_FILE_ID} OR ts IS NULL OR ts <= ${msLiteral(frozenAt)})`;

/**
 * Every label of `kind` on the queue's `items` (a CTE name) as (item_id, annotator, asset_id,
 * before_freeze): a relevance label given by query counts on each item retrieval with that query
 * (as queue-items.ts reads labels).
 */
function itemLabelsSql(kind: QueueKind, frozenAt: number): SqlQuery {
  const columns = sql`l.annotator, l.asset_id, ${rawSql(beforeFreeze(frozenAt).replaceAll('file_id', 'l.file_id').replaceAll('ts ', 'l.ts '))} AS before_freeze`;
  if (kind === 'intent') return sql`SELECT l.turn_id AS item_id, ${columns} FROM events_label l WHERE l.kind = 'intent' AND l.turn_id IN (SELECT item_id FROM items)`;
  const direct = sql`SELECT l.retrieval_id AS item_id, ${columns} FROM events_label l WHERE l.kind = ${rawSql(literal(kind))} AND l.retrieval_id IN (SELECT item_id FROM items)`;
  if (kind === 'role') return direct;
  return sql`${direct}
  UNION ALL
  SELECT r.retrieval_id AS item_id, ${columns} FROM events_label l
  JOIN (SELECT item_id AS retrieval_id, query FROM items) r ON r.query = l.query
  WHERE l.kind = 'relevance' AND l.retrieval_id IS NULL`;
}

/** The ids of the items with a disagreement among the votes counted before the freeze. */
function disagreeingSql(kind: QueueKind, frozenAt: number): SqlQuery {
  const votes = agreementVotesQuery([kind], null, beforeFreeze(frozenAt));
  const disagreements = sql`SELECT item FROM (${votes}) GROUP BY item HAVING count(*) >= 2 AND count(DISTINCT value) > 1`;
  if (kind !== 'relevance') return sql`SELECT item_id FROM items WHERE item_id IN (${disagreements})`;
  // item keys (item-key.ts): `retrieval|<id>|<asset>` or `query|<query>|<asset>`, each part escaped
  const part = sql`replace(replace(split_part(item, '|', 2), '%7C', '|'), '%25', '%')`;
  return sql`WITH disagreements AS MATERIALIZED (${disagreements})
    SELECT item_id FROM items WHERE item_id IN (SELECT ${part} FROM disagreements WHERE split_part(item, '|', 1) = 'retrieval')
      OR query IN (SELECT ${part} FROM disagreements WHERE split_part(item, '|', 1) = 'query')`;
}

/** The picked items as (item_id, pos), pos from 0, without the linked item. */
function pickedSql(params: QueuePickParams): SqlQuery {
  const inOrder = (where: SqlQuery) => sql`SELECT item_id, row_number() OVER (ORDER BY item_order) - 1 AS pos FROM items WHERE ${where}`;
  switch (params.pick) {
    case 'unlabeled':
      return sql`SELECT i.item_id, row_number() OVER (ORDER BY i.item_order) - 1 AS pos
        FROM items i ANTI JOIN (SELECT DISTINCT item_id FROM item_labels WHERE before_freeze) l ON l.item_id = i.item_id`;
    case 'disagreement':
      return inOrder(sql`item_id IN (${disagreeingSql(params.kind, params.frozenAt)})`);
    case 'single':
      return inOrder(sql`item_id IN (
        SELECT item_id FROM item_labels WHERE before_freeze GROUP BY item_id
        HAVING count(DISTINCT annotator) + max(CASE WHEN annotator IS NULL THEN 1 ELSE 0 END) = 1
           AND NOT coalesce(bool_or(annotator = ${params.annotator}), false))`);
    case 'sample': {
      const stratum = sql`coalesce(${identifier(params.by)}, ${rawSql(literal(NO_STRATUM))})`;
      return sql`SELECT item_id, row_number() OVER (ORDER BY position, stratum) - 1 AS pos FROM (
        SELECT item_id, stratum, (row_number() OVER (PARTITION BY stratum ORDER BY rank, item_id) - 0.5) / count(*) OVER (PARTITION BY stratum) AS position
        FROM (${withSampleRank(sql`SELECT item_id, ${stratum} AS stratum FROM items`, params.seed)}))
      QUALIFY pos < ${Math.max(0, Math.trunc(params.size))}`;
    }
  }
}

/** No item's assets (a queue of a kind other than relevance), with `itemAssetsSql`'s columns. */
const NO_ITEM_ASSETS = sql`SELECT NULL::VARCHAR AS item_id, NULL::VARCHAR[] AS assets WHERE false`;

/** The queue's CTEs: `items`, `item_labels` and `queue` (item_id, pos from 0, the linked item first). */
function queueSql(params: QueuePickParams): SqlQuery {
  return sql`WITH items AS MATERIALIZED (${queueItemsSql(params.kind, { strata: params.pick === 'sample', assets: false })}),
item_labels AS MATERIALIZED (${itemLabelsSql(params.kind, params.frozenAt)}),
picked AS MATERIALIZED (${pickedSql(params)}),
linked AS (SELECT item_id FROM items WHERE item_id = ${params.linked} AND item_id NOT IN (SELECT item_id FROM picked)),
queue AS (SELECT item_id, pos + (SELECT count(*) FROM linked) AS pos FROM picked UNION ALL SELECT item_id, 0 FROM linked)`;
}

/** The ids of the queue at positions [from, from + rows), in order. */
export function queuePageQuery(params: QueuePickParams, from: number, rows: number): SqlQuery {
  return sql`${queueSql(params)}
SELECT item_id, pos::INTEGER AS pos FROM queue WHERE pos >= ${from} AND pos < ${from + rows} ORDER BY pos`;
}

/** `queueSql` with `marked` (pos, item_id, labeled, done) and `progress`, from every label now in the dataset. */
function progressSql(params: QueuePickParams): SqlQuery {
  const relevance = params.kind === 'relevance';
  const done = relevance ? sql`coalesce(list_has_all(s.my_assets, a.assets), false)` : sql`coalesce(s.mine, false)`;
  return sql`${queueSql(params)},
states AS MATERIALIZED (
  SELECT item_id, coalesce(bool_or(annotator = ${params.annotator}), false) AS mine,
         list(DISTINCT asset_id) FILTER (WHERE annotator = ${params.annotator}) AS my_assets
  FROM item_labels GROUP BY item_id
),
my_item_assets AS (${relevance ? itemAssetsSql(sql`SELECT item_id FROM states WHERE mine`) : NO_ITEM_ASSETS}),
marked AS (
  SELECT q.pos, q.item_id, s.item_id IS NOT NULL AS labeled, ${done} AS done
  FROM queue q LEFT JOIN states s USING (item_id) LEFT JOIN my_item_assets a USING (item_id)
),
progress AS (
  SELECT count(*)::INTEGER AS total, count(*) FILTER (WHERE done)::INTEGER AS done, count(*) FILTER (WHERE labeled)::INTEGER AS labeled,
         min(pos) FILTER (WHERE NOT done)::INTEGER AS first_open, (SELECT count(*) FROM items)::INTEGER AS items
  FROM marked
)`;
}

/**
 * The queue's progress from every label now in the dataset: `total` items, `labeled` with any
 * label of the kind, `done` labeled by the annotator (relevance: every returned asset graded),
 * `first_open`, the position of the first item not done (null when every item is), and `items`,
 * how many items of the kind there are to pick from.
 */
export function queueProgressQuery(params: QueuePickParams): SqlQuery {
  return sql`${progressSql(params)}
SELECT total, done, labeled, first_open FROM progress`;
}

export interface QueueWindowRow {
  item_id: string;
  pos: number;
  query: string | null;
  /** Relevance: the assets to grade, joined by U+001F (model/annotation/queue.ts, `candidateAssets`). */
  asset_list: string;
}

export interface QueueWindowHead {
  total: number;
  done: number;
  labeled: number;
  first_open: number | null;
  first_open_item: string | null;
  items: number;
  /** The position of `anchor` in the queue: the item asked for, else the first open one; null when neither is in it. */
  anchor: number | null;
}

/** The window statement's rows: the head (no `item_id`) and the items, under the items' column names. */
const QUEUE_WINDOW_ROW = specOf<QueueWindowRow & QueueWindowHead & { item_id: string | null }>()({
  item_id: 'string', pos: 'number', query: 'string|null', asset_list: 'string',
  total: 'number', done: 'number', labeled: 'number', first_open: 'number|null', first_open_item: 'string|null', items: 'number', anchor: 'number|null',
});

/** Where a window is read around: an item, a position, or (null) the first open item. */
export type QueueAnchor = { item: string } | { pos: number } | null;

/**
 * What the screen shows of a queue, in one statement: its progress (as queueProgressQuery) and
 * the items from `before` before the anchor (an item, a position, or the first open item when
 * null; the end of the queue when it is not in it) to `after` after it. The first row is the
 * head (item_id null); each other row one item.
 */
export function queueWindowQuery(params: QueuePickParams, anchor: QueueAnchor, before: number, after: number): SqlQuery {
  const assetList = params.kind === 'relevance' ? sql`coalesce(array_to_string(a.assets, chr(31)), '')` : sql`''`;
  const anchorPos = anchor === null ? sql`(SELECT first_open FROM progress)`
    : 'item' in anchor ? sql`(SELECT pos FROM queue WHERE item_id = ${anchor.item})`
      : sql`(SELECT ${Math.max(0, Math.trunc(anchor.pos))} WHERE ${Math.trunc(anchor.pos)} < (SELECT total FROM progress))`;
  return sql`${progressSql(params)},
anchor AS (SELECT ${anchorPos} AS pos),
bounds AS (SELECT greatest(0, coalesce(a.pos, p.total) - ${before}) AS from_pos, coalesce(a.pos, p.total) + ${after} AS to_pos FROM anchor a, progress p),
window_items AS MATERIALIZED (SELECT q.item_id, q.pos FROM queue q, bounds b WHERE q.pos >= b.from_pos AND q.pos < b.to_pos),
window_assets AS (${params.kind === 'relevance' ? itemAssetsSql(sql`SELECT item_id FROM window_items`, { few: true }) : NO_ITEM_ASSETS})
SELECT NULL::VARCHAR AS item_id, NULL::INTEGER AS pos, NULL::VARCHAR AS query, NULL::VARCHAR AS asset_list,
       p.total, p.done, p.labeled, p.first_open, (SELECT item_id FROM queue WHERE pos = p.first_open) AS first_open_item, p.items,
       (SELECT pos FROM anchor)::INTEGER AS anchor
FROM progress p
UNION ALL
(SELECT w.item_id, w.pos::INTEGER, i.query, ${assetList}, NULL, NULL, NULL, NULL, NULL, NULL, NULL
FROM window_items w JOIN items i USING (item_id) LEFT JOIN window_assets a USING (item_id))`;
}

export interface QueueWindow {
  head: QueueWindowHead;
  /** The items of the window, by position. */
  rows: QueueWindowRow[];
  /** Every label of the queue's kind on those items, in label order (queue-items.ts). */
  labels: ItemLabelRow[];
}

/** The window of queueWindowQuery and the labels on its items: two statements, one engine job. */
export async function loadQueueWindow(engine: Engine, params: QueuePickParams, anchor: QueueAnchor, before: number, after: number): Promise<QueueWindow> {
  const rows = await run(engine, queueWindowQuery(params, anchor, before, after), QUEUE_WINDOW_ROW);
  const head = rows.find((row) => row.item_id === null);
  if (!head) throw new Error('the queue window statement returned no head row');
  const items = rows.filter((row): row is typeof row & { item_id: string } => row.item_id !== null).sort((a, b) => a.pos - b.pos)
    .map(({ item_id, pos, query, asset_list }) => ({ item_id, pos, query, asset_list: asset_list ?? '' }));
  const { total, done, labeled, first_open, first_open_item, items: itemCount } = head;
  const labels = items.length === 0 ? [] : await run(engine, queueLabelsQuery(params.kind, items), ITEM_LABEL_ROW);
  return { head: { total, done, labeled, first_open, first_open_item, items: itemCount, anchor: head.anchor }, rows: items, labels };
}
