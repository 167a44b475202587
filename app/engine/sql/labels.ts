import { keyIn, type KeyScope } from './derived/table';
import { DUCKDB, type SqlDialect } from './dialect';
import { literal } from './core/quote';

/**
 * Resolved labels: one label per item and kind (docs/metrics.md, "Annotation agreement"): the latest
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
 * `listValues` names the values that are lists (an unmatched outer join's list is [] on ClickHouse, not NULL).
 */
export function resolvedLabelsSql(votes: string, items: string[], values: string[], dialect: SqlDialect = DUCKDB, listValues: string[] = []): string {
  const item = items.join(', ');
  const value = values.join(', ');
  const resolved = (column: string) =>
    (listValues.includes(column) ? dialect.joinedListOr('a.label_order', `a.${column}`, `m.${column}`) : `coalesce(a.${column}, m.${column})`);
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
SELECT ${items.map((column) => dialect.column('c', column)).join(', ')}, ${values.map((column) => `${resolved(column)} AS ${column}`).join(', ')},
       CASE WHEN a.label_order IS NOT NULL THEN 'adjudicated' ELSE 'majority' END AS resolved_by,
       c.labels::INTEGER AS labels
FROM label_counts c
LEFT JOIN adjudicated a USING (${item})
LEFT JOIN majority m USING (${item})`;
}

/**
 * The labels of one kind with their `label_order` (the order above). `where` may keep only some
 * items, as long as it keeps every label of each item it keeps: their order among themselves is
 * all that resolution reads. `columns` are the label columns kept: every one is carried through
 * the sort, so a definition names only those it reads.
 */
export const labelsOfKind = (kind: string, where = 'TRUE', columns = '*') =>
  `SELECT ${columns}, row_number() OVER (ORDER BY ts NULLS FIRST, seq) AS label_order FROM labels WHERE kind = ${literal(kind)} AND ${where}`;

/** `labelWhere` keeps only some labels (a label source, label-source.ts); the resolution then reads those alone. */
export const resolvedRelevanceSelect = (scope: KeyScope, dialect: SqlDialect = DUCKDB, labelWhere = 'TRUE') => resolvedLabelsSql(
  `WITH ordered AS (${labelsOfKind('relevance', `${keyIn(scope, 'asset_id')} AND ${labelWhere}`, 'retrieval_id, asset_id, query, grade, adjudicated, annotator')})
   SELECT retrieval_id, asset_id, grade::INTEGER AS grade, coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM ordered WHERE retrieval_id IS NOT NULL
   UNION ALL
   SELECT r.retrieval_id, l.asset_id, l.grade::INTEGER, coalesce(l.adjudicated, false), l.annotator, l.label_order
   FROM ordered l JOIN retrievals r ON r.query = l.query
   WHERE l.retrieval_id IS NULL AND ${keyIn(scope, 'r.retrieval_id', 'retrieval_id')}`,
  ['retrieval_id', 'asset_id'],
  ['grade'],
  dialect,
);

export const resolvedRolesSelect = (scope: KeyScope, dialect: SqlDialect = DUCKDB) => resolvedLabelsSql(
  `SELECT retrieval_id, role, coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM (${labelsOfKind('role', keyIn(scope, 'retrieval_id'), 'retrieval_id, role, adjudicated, annotator')})`,
  ['retrieval_id'],
  ['role'],
  dialect,
);

export const resolvedIntentsSelect = (scope: KeyScope, dialect: SqlDialect = DUCKDB) => resolvedLabelsSql(
  `SELECT turn_id, retrieval_intent, ${dialect.listDistinctSorted(`coalesce(intents, ${dialect.emptyStringList()})`)} AS intents,
          coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM (${labelsOfKind('intent', keyIn(scope, 'turn_id'), 'turn_id, retrieval_intent, intents, adjudicated, annotator')})`,
  ['turn_id'],
  ['retrieval_intent', 'intents'],
  dialect,
  ['intents'],
);
