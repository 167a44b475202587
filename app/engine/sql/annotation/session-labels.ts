import { typeTable } from '../../../schema/columns';
import { idSet } from '../session-inspector';
import { identifier, sql, type SqlQuery } from '../core/sql-query';
import { specOf } from '../core/row-spec';
import { boundSeqRange, type SeqRange } from '../sessions';
import { resolvedAnswerReviewsSql } from './review-report';

/**
 * The resolved labels the session inspector shows beside its events (features/sessions), read
 * from the tables the metrics read, so the inspector shows what the metrics count.
 */

/** A labeled asset that the retrieval did not return, with its resolved grade and catalog title. */
export interface NotReturnedRow {
  retrieval_id: string;
  asset_id: string;
  title: string | null;
  grade: number;
  resolved_by: 'adjudicated' | 'majority';
}

export const NOT_RETURNED_ROW = specOf<NotReturnedRow>()({ retrieval_id: 'string', asset_id: 'string', title: 'string|null', grade: 'number', resolved_by: 'string' });

/**
 * Every labeled asset of these retrievals that is not in its `returned_asset_ids` (docs/metrics.md,
 * Tier 1: such a label still counts toward the retrieval's relevant set), grade 0 included so a
 * screen can say it was judged not relevant. Relevant is grade ≥ 1, as in retrieval-base.ts.
 * Highest grade first, then by id. `retrievalSeqRange`, when known, holds the retrievals' events
 * (bound: one text for every session).
 */
export function notReturnedLabeledQuery(retrievalIds: readonly string[], retrievalSeqRange: SeqRange | null = null): SqlQuery {
  return sql`
WITH l AS (SELECT * FROM resolved_relevance WHERE retrieval_id IN ${idSet(retrievalIds)})
SELECT l.retrieval_id, l.asset_id, c.title, l.grade::INTEGER AS grade, l.resolved_by
FROM l
JOIN (SELECT retrieval_id, returned_asset_ids FROM ${identifier(typeTable('retrieval'))} WHERE ${boundSeqRange(retrievalSeqRange)} AND retrieval_id IN ${idSet(retrievalIds)}) r
  ON r.retrieval_id = l.retrieval_id
LEFT JOIN (SELECT asset_id, title FROM asset_catalog WHERE asset_id IN (SELECT asset_id FROM l)) c ON c.asset_id = l.asset_id
WHERE NOT list_contains(coalesce(r.returned_asset_ids, []::VARCHAR[]), l.asset_id)
ORDER BY l.retrieval_id, l.grade DESC, l.asset_id`;
}

export interface ResolvedIntentRow {
  turn_id: string;
  retrieval_intent: boolean | null;
  intents: string[];
  resolved_by: 'adjudicated' | 'majority';
}

export const RESOLVED_INTENT_ROW = specOf<ResolvedIntentRow>()({ turn_id: 'string', retrieval_intent: 'boolean|null', intents: 'string[]', resolved_by: 'string' });

/** The resolved intent label (labels.ts) of each of these turns that has one. */
export function resolvedIntentsQuery(turnIds: readonly string[]): SqlQuery {
  return sql`
SELECT turn_id, retrieval_intent, coalesce(intents, []::VARCHAR[]) AS intents, resolved_by
FROM resolved_intents WHERE turn_id IN ${idSet(turnIds)}
ORDER BY turn_id`;
}

export interface ResolvedVerdictRow {
  target_event_id: string;
  verdict: string;
  resolved_by: 'adjudicated' | 'majority';
}

export const RESOLVED_VERDICT_ROW = specOf<ResolvedVerdictRow>()({ target_event_id: 'string', verdict: 'string', resolved_by: 'string' });

/** The resolved `answer_review` verdict (review-report.ts, the one resolution of reviews) of each of these responses. */
export function resolvedVerdictsQuery(responseIds: readonly string[]): SqlQuery {
  return sql`
SELECT target_event_id, verdict, resolved_by
FROM (${resolvedAnswerReviewsSql()})
WHERE target_event_id IN ${idSet(responseIds)}
ORDER BY target_event_id`;
}
