import type { ItemLabelRow } from '../../../model/annotation/item-labels';
import { GIVEN_LABELS_FILE_ID } from '../../../schema/given-label';
import { typeTable } from '../../../schema/columns';
import { idSet } from '../session-inspector';
import { boundSeqRange, type SeqRange } from '../sessions';
import { specOf } from '../core/row-spec';
import { identifier, identifiers, rawSql, sql, type SqlQuery } from '../core/sql-query';

export type { ItemLabelRow };

export const ITEM_LABEL_ROW = specOf<ItemLabelRow>()({
  event_id: 'string', kind: 'string', retrieval_id: 'string|null', query: 'string|null', asset_id: 'string|null', grade: 'number|null',
  role: 'string|null', turn_id: 'string|null', retrieval_intent: 'boolean|null', intents: 'string[]|null', target_event_id: 'string|null',
  verdict: 'string|null', note: 'string|null', annotator: 'string|null', adjudicated: 'boolean', ts: 'number|null', label_order: 'number',
  given_here: 'boolean', file: 'string|null',
});

/** The items whose labels a screen shows: retrievals (relevance and role), turns (intent), responses (answer review). */
export interface LabelTargets {
  retrievalIds?: readonly string[];
  turnIds?: readonly string[];
  responseIds?: readonly string[];
  /** The `seq` range holding the retrievals' own events, when known (a session's): the retrievals are read from it alone. */
  retrievalSeqRange?: SeqRange | null;
}

const LABELS = identifier(typeTable('label'));
const RETRIEVALS = identifier(typeTable('retrieval'));
/**
 * The stored label columns a row shows, read from the labels' own table (the `labels` view adds
 * every other event column as NULL, each of them planned in every branch).
 */
const COLUMN_NAMES = ['event_id', 'kind', 'retrieval_id', 'query', 'asset_id', 'grade', 'role', 'turn_id', 'retrieval_intent', 'intents',
  'target_event_id', 'verdict', 'note', 'annotator', 'adjudicated', 'ts', 'seq', 'file_id'];
const COLUMNS = identifiers(COLUMN_NAMES);
/** A query label's columns, given the retrieval it applies to. */
const QUERY_LABEL_COLUMNS = rawSql(COLUMN_NAMES.map((name) => (name === 'retrieval_id' ? 'r.retrieval_id' : `l.${name}`)).join(', '));

/**
 * Every label on the targets, in label order: relevance and role labels of the retrievals
 * (a query label once per retrieval of that query), intent labels of the turns, answer reviews
 * of the responses. Every value is bound: one text for every session.
 */
export function itemLabelsQuery({ retrievalIds = [], turnIds = [], responseIds = [], retrievalSeqRange = null }: LabelTargets): SqlQuery {
  // The labels are picked first and ranked after: ranking every label with all its columns, or
  // joining every retrieval by query, costs more than a session's labels.
  return sql`
WITH targeted AS (
  SELECT ${COLUMNS} FROM ${LABELS} WHERE retrieval_id IN ${idSet(retrievalIds)} AND kind IN ('relevance', 'role')
  UNION ALL
  SELECT ${QUERY_LABEL_COLUMNS} FROM ${LABELS} l
  JOIN (SELECT retrieval_id, query FROM ${RETRIEVALS} WHERE ${boundSeqRange(retrievalSeqRange)} AND retrieval_id IN ${idSet(retrievalIds)}) r ON r.query = l.query
  WHERE l.kind = 'relevance' AND l.retrieval_id IS NULL
  UNION ALL
  SELECT ${COLUMNS} FROM ${LABELS} WHERE kind = 'intent' AND turn_id IN ${idSet(turnIds)}
  UNION ALL
  SELECT ${COLUMNS} FROM ${LABELS} WHERE kind = 'answer_review' AND target_event_id IN ${idSet(responseIds)}
),
picked AS (SELECT DISTINCT seq, ts FROM targeted),
-- a label's row_number() OVER (ORDER BY ts NULLS FIRST, seq) among all labels (seq is unique):
-- counted for the picked labels only, where numbering all of them sorts every label
label_order AS (
  SELECT p.seq, (1 + count(*) FILTER (WHERE CASE WHEN p.ts IS NULL THEN l.ts IS NULL AND l.seq < p.seq
                                             ELSE l.ts IS NULL OR l.ts < p.ts OR (l.ts = p.ts AND l.seq < p.seq) END))::INTEGER AS label_order
  FROM picked p, (SELECT ts, seq FROM ${LABELS}) l
  GROUP BY p.seq
)
SELECT t.event_id, t.kind, t.retrieval_id, t.query, t.asset_id, t.grade::INTEGER AS grade, t.role, t.turn_id,
       t.retrieval_intent, t.intents, t.target_event_id, t.verdict, t.note, t.annotator,
       coalesce(t.adjudicated, false) AS adjudicated, t.ts, o.label_order,
       t.file_id = ${GIVEN_LABELS_FILE_ID} AS given_here, f.name AS file
FROM targeted t JOIN label_order o ON o.seq = t.seq LEFT JOIN files f ON f.file_id = t.file_id
-- a label given by query is one row per retrieval with the query: those rows by retrieval id
ORDER BY o.label_order, t.retrieval_id`;
}
