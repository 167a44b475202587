import type { LabelKind } from '../../../schema/given-label';
import { labelsOfKind } from '../labels';
import { literal } from '../core/quote';

/**
 * Each kind's labels as votes on one text item key with one text value (docs/metrics.md, "Annotation
 * agreement"; keys as model/annotation/item-key.ts reads them):
 * - relevance: `retrieval|<retrieval_id>|<asset_id>`, or `query|<query>|<asset_id>` for a label
 *   by query (not expanded to retrievals: agreement is about what annotators said), each part
 *   with `%` → `%25` and `|` → `%7C` → grade as '0'–'3';
 * - role: retrieval_id → role; intent: turn_id → retrieval_intent as 'true'/'false';
 * - answer_review: target_event_id → verdict.
 * A label missing its item or its value is no vote. Resolution of relevance, role and intent for
 * the metrics is in labels.ts (it expands query labels); answer reviews resolve from these votes.
 */
/** A key part as item-key.ts escapes it. */
const part = (column: string) => `replace(replace(${column}, '%', '%25'), '|', '%7C')`;

export const KIND_VOTES: Record<LabelKind, { item: string; value: string; present: string }> = {
  relevance: {
    item: `CASE WHEN retrieval_id IS NOT NULL THEN 'retrieval|' || ${part('retrieval_id')} ELSE 'query|' || ${part('query')} END || '|' || ${part('asset_id')}`,
    value: 'grade::INTEGER::VARCHAR',
    present: '(retrieval_id IS NOT NULL OR query IS NOT NULL) AND asset_id IS NOT NULL AND grade IS NOT NULL',
  },
  role: { item: 'retrieval_id', value: 'role', present: 'retrieval_id IS NOT NULL AND role IS NOT NULL' },
  intent: { item: 'turn_id', value: `CASE WHEN retrieval_intent THEN 'true' ELSE 'false' END`, present: 'turn_id IS NOT NULL AND retrieval_intent IS NOT NULL' },
  answer_review: { item: 'target_event_id', value: 'verdict', present: 'target_event_id IS NOT NULL AND verdict IS NOT NULL' },
};

/**
 * The votes of one kind as (kind, item, value, adjudicated, annotator, label_order): the shape
 * `resolvedLabelsSql` reads, with items ['item'] and values ['value']. `where` keeps only some labels
 * (SQL over the `labels` view's columns); `alsoColumns` adds some of those columns to each vote.
 */
export function labelVotesSql(kind: LabelKind, where = 'TRUE', alsoColumns: string[] = []): string {
  const { item, value, present } = KIND_VOTES[kind];
  return `SELECT ${literal(kind)} AS kind, ${item} AS item, ${value} AS value, coalesce(adjudicated, false) AS adjudicated, annotator, label_order${
    alsoColumns.map((column) => `, ${column}`).join('')}
FROM (${labelsOfKind(kind, where)}) WHERE ${present}`;
}
