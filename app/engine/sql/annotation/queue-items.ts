import type { AgreementVote } from '../../../model/annotation/agreement';
import type { QueueCandidate, QueueKind } from '../../../model/annotation/queue';
import type { Engine } from '../../engine';
import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';
import { agreementVotesQuery } from './agreement-votes';
import { itemLabelsQuery, type ItemLabelRow } from './item-labels';

/**
 * The items a labeling queue can hold (features/annotate, model/annotation/queue.ts picks
 * among them): a relevance item is a retrieval that returned at least one asset (there is
 * nothing to grade in an empty result), a role item is any retrieval, an intent item is a turn
 * (its first prompt). Each carries the fields a sample is stratified by: the retrieval's logged
 * role (intent: the turn's first retrieval's), the surface (the retrieval's, else its prompt's)
 * and the category (the prompt's, else the gate's). In time order, each id once.
 */
export interface QueueItemRow extends QueueCandidate {
  session_id: string | null;
  ts: number | null;
  /** The retrieval's query; for an intent item, the prompt's text. */
  query: string | null;
}

const RETRIEVAL_ITEMS = (kind: 'relevance' | 'role') => sql`
WITH turn_prompt AS (
  SELECT session_id, turn_id, surface, category FROM prompts WHERE turn_id IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY session_id, turn_id ORDER BY seq) = 1
),
gate_category AS (
  SELECT retrieval_id, category FROM gates WHERE retrieval_id IS NOT NULL AND category IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY retrieval_id ORDER BY seq DESC) = 1
)
SELECT r.retrieval_id AS item_id, r.session_id, r.ts, r.query, r.role, coalesce(r.surface, p.surface) AS surface,
       coalesce(p.category, g.category) AS category,
       ${rawSql(kind === 'relevance' ? 'list_distinct(r.returned_asset_ids)' : '[]::VARCHAR[]')} AS asset_ids
FROM retrievals r
LEFT JOIN turn_prompt p ON p.session_id = r.session_id AND p.turn_id = r.turn_id
LEFT JOIN gate_category g ON g.retrieval_id = r.retrieval_id
WHERE r.retrieval_id IS NOT NULL ${rawSql(kind === 'relevance' ? 'AND len(r.returned_asset_ids) > 0' : '')}
QUALIFY row_number() OVER (PARTITION BY r.retrieval_id ORDER BY r.seq) = 1
ORDER BY r.ts NULLS LAST, r.seq`;

const TURN_ITEMS = sql`
WITH turn_retrieval AS (
  SELECT session_id, turn_id, role FROM retrievals WHERE turn_id IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY session_id, turn_id ORDER BY seq) = 1
)
SELECT p.turn_id AS item_id, p.session_id, p.ts, p.text AS query, r.role, p.surface, p.category, []::VARCHAR[] AS asset_ids
FROM prompts p
LEFT JOIN turn_retrieval r ON r.session_id = p.session_id AND r.turn_id = p.turn_id
WHERE p.turn_id IS NOT NULL
QUALIFY row_number() OVER (PARTITION BY p.turn_id ORDER BY p.seq) = 1
ORDER BY p.ts NULLS LAST, p.seq`;

export function queueItemsQuery(kind: QueueKind): SqlQuery {
  return kind === 'intent' ? TURN_ITEMS : RETRIEVAL_ITEMS(kind);
}

export interface QueueCandidates {
  candidates: QueueItemRow[];
  /** Every label of the queue's kind on those items, in label order (item-labels.ts). */
  labels: ItemLabelRow[];
}

/** Everything a queue of `kind` is picked from and its progress is counted on. */
export async function loadQueueCandidates(engine: Engine, kind: QueueKind): Promise<QueueCandidates> {
  const run = <Row>(query: SqlQuery) => engine.query<Row>(query.sql, query.params);
  const candidates = await run<QueueItemRow>(queueItemsQuery(kind));
  const ids = candidates.map((candidate) => candidate.item_id);
  const labels = (await run<ItemLabelRow>(itemLabelsQuery(kind === 'intent' ? { turnIds: ids } : { retrievalIds: ids })))
    .filter((label) => label.kind === kind);
  return { candidates, labels };
}

/** The votes agreement measures (agreement-votes.ts) on labels of `kind`: what the `disagreement` pick reads. */
export async function loadQueueVotes(engine: Engine, kind: QueueKind): Promise<AgreementVote[]> {
  const { sql: text, params } = agreementVotesQuery([kind]);
  return engine.query<AgreementVote>(text, params);
}
