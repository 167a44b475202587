import { literal } from './quote';

/**
 * Resolved labels: one label per item and kind (metrics.md, "Annotation agreement"): the latest
 * `adjudicated` label when one exists, else the majority value, ties to the latest.
 *
 * Order of labels: by `ts`, then file order (`seq`); labels without `ts` count in file order
 * and before every timestamped label (they carry no time, so no timestamped judgment is
 * older than them).
 * One vote per annotator: an annotator who labeled the same item twice counts once, with the
 * later value; a label without `annotator` is its own vote. The adjudicated rule looks at
 * every label.
 *
 * Items: relevance (retrieval_id, asset_id) → grade — a label with `query` and no
 * `retrieval_id` applies to every retrieval with exactly that query; role (retrieval_id) →
 * role; intent (turn_id) → (retrieval_intent, intents), the intents compared as a sorted set;
 * answer_review (target_event_id) → verdict, resolved per query (gate/review.ts).
 */

/**
 * One row per item: (item…, value…, resolved_by, labels). `votes` selects the label rows of one
 * kind as (item…, value…, adjudicated, annotator, label_order); `labelsOfKind` gives label_order.
 */
export function resolvedLabelsSql(votes: string, items: string[], values: string[]): string {
  const item = items.join(', ');
  const value = values.join(', ');
  return `
WITH votes AS (${votes}),
adjudicated AS (
  SELECT ${item}, ${value}, label_order FROM votes WHERE adjudicated
  QUALIFY row_number() OVER (PARTITION BY ${item} ORDER BY label_order DESC) = 1
),
one_per_annotator AS (
  SELECT * FROM votes
  QUALIFY row_number() OVER (
    PARTITION BY ${item}, annotator, CASE WHEN annotator IS NULL THEN label_order END ORDER BY label_order DESC) = 1
),
tallies AS (
  SELECT ${item}, ${value}, count(*) AS votes, max(label_order) AS latest FROM one_per_annotator GROUP BY ALL
),
majority AS (
  SELECT ${item}, ${value}, votes FROM tallies
  QUALIFY row_number() OVER (PARTITION BY ${item} ORDER BY votes DESC, latest DESC) = 1
),
label_counts AS (SELECT ${item}, count(*) AS labels FROM votes GROUP BY ALL)
SELECT ${items.map((column) => `c.${column}`).join(', ')}, ${values.map((column) => `coalesce(a.${column}, m.${column}) AS ${column}`).join(', ')},
       CASE WHEN a.label_order IS NOT NULL THEN 'adjudicated' ELSE 'majority' END AS resolved_by,
       c.labels::INTEGER AS labels
FROM label_counts c
LEFT JOIN adjudicated a USING (${item})
LEFT JOIN majority m USING (${item})`;
}

const resolvedTable = (table: string, votes: string, items: string[], values: string[]) =>
  `CREATE OR REPLACE TABLE ${table} AS ${resolvedLabelsSql(votes, items, values)};\n`;

/** The labels of one kind with their `label_order` (the order above). */
export const labelsOfKind = (kind: string) =>
  `SELECT *, row_number() OVER (ORDER BY ts NULLS FIRST, seq) AS label_order FROM labels WHERE kind = ${literal(kind)}`;

export const RESOLVED_RELEVANCE_SQL = resolvedTable(
  'resolved_relevance',
  `WITH ordered AS (${labelsOfKind('relevance')})
   SELECT retrieval_id, asset_id, grade::INTEGER AS grade, coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM ordered WHERE retrieval_id IS NOT NULL
   UNION ALL
   SELECT r.retrieval_id, l.asset_id, l.grade::INTEGER, coalesce(l.adjudicated, false), l.annotator, l.label_order
   FROM ordered l JOIN retrievals r ON r.query = l.query
   WHERE l.retrieval_id IS NULL`,
  ['retrieval_id', 'asset_id'],
  ['grade'],
);

export const RESOLVED_ROLES_SQL = resolvedTable(
  'resolved_roles',
  `SELECT retrieval_id, role, coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM (${labelsOfKind('role')})`,
  ['retrieval_id'],
  ['role'],
);

export const RESOLVED_INTENTS_SQL = resolvedTable(
  'resolved_intents',
  `SELECT turn_id, retrieval_intent, list_sort(list_distinct(coalesce(intents, []::VARCHAR[]))) AS intents,
          coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM (${labelsOfKind('intent')})`,
  ['turn_id'],
  ['retrieval_intent', 'intents'],
);

export const RESOLVED_LABELS_SQL = RESOLVED_RELEVANCE_SQL + RESOLVED_ROLES_SQL + RESOLVED_INTENTS_SQL;
