import { actionRuleSql } from '../action-rules';
import { keyIn, type KeyScope } from '../derived/table';
import { DUCKDB, type SqlDialect } from '../dialect';
import { ownOrTurnCategory, turnCategories } from '../event-scope';
import { sql } from '../core/sql-query';
import { OWN_COLUMNS, type FilterColumns } from './filters';

/** A retrieval that returned nothing: an empty `returned_asset_ids`, or a missing one. */
export const returnedNothingSql = (returnedAssetIds: string, dialect: SqlDialect = DUCKDB) => `coalesce(${dialect.listLength(returnedAssetIds)}, 0) = 0`;

/**
 * docs/log-format.md, "Empty vs failed": a retrieval that returned nothing is a failed retrieval when it
 * has an `error` (the retriever raised: a span with status ERROR), else an empty result. A failed
 * retrieval is still a retrieval (Tier 1, Tier 2, every count of retrievals), never an empty one;
 * judged, it scores 0 as any judged retrieval with nothing relevant returned. An `error` beside a
 * returned list is kept but makes no failure: the list was returned (as a span with status ERROR
 * that records documents is no failed retrieval).
 */
export const isFailedSql = (returnedAssetIds: string, error: string, dialect: SqlDialect = DUCKDB) =>
  `(${returnedNothingSql(returnedAssetIds, dialect)} AND ${error} IS NOT NULL)`;

/** docs/metrics.md Tier 1: an empty result returned nothing (a missing `returned_asset_ids` counts as empty) and did not fail. */
export const isEmptyResultSql = (returnedAssetIds: string, error: string, dialect: SqlDialect = DUCKDB) =>
  `(${returnedNothingSql(returnedAssetIds, dialect)} AND ${error} IS NULL)`;

/** The columns of `retrieval_base` (and of the facts rows) the filters read. */
export const RETRIEVAL_COLUMNS: FilterColumns = { ...OWN_COLUMNS, role: sql`role`, retriever: sql`retriever` };

/**
 * `retrieval_base`, derived after each load (after `action_lineage` and the resolved labels):
 * what depends on the data only, not on K, the threshold or the used actions.
 * One row per retrieval: what the filters read (retriever, run_id, its category by the rule of
 * event-scope.ts), its effective role, what Tier 1 needs at any K (with, for judged depth and
 * the bounds, the ranks of every labeled returned asset and the number of distinct ones
 * returned), the user actions GPR looks up, every other Tier 2 signal (docs/metrics.md, Tier 1 and Tier 2), and what
 * "why here?" slices by (its entries repeats included, whether it is a rewrite, its question). A settings change
 * then only evaluates expressions over these rows, with no join.
 *
 * Ranks are positions in `returned_asset_ids`, the retriever's own order (never re-sorted by
 * `scores`). A repeated asset counts at its first position only and the later entries move up:
 * trec_eval refuses a run with a repeated docno, so the run it scores is the de-duplicated
 * list, ranked 1, 2, 3, …
 *
 * Decisions:
 * - a missing `returned_asset_ids` is an empty result, or a failed one when it has an `error` (`failed`);
 * - ORF 3 (agent bypass) needs an action with no source at all, given or inherited: an asset
 *   that came to the document through an earlier placement is not a bypass;
 * - ORF 2 counts any retrieval whose `rewrite_of` names r, whatever its ts.
 */
/**
 * A labeled return's rank and grade as one BIGINT, rank · 2^32 + grade (a positive rank, a grade
 * in 0–3), so that one list sorted by itself holds the grades in rank order. DuckDB sorts a
 * list aggregated in the order of its own values several times faster than one in the order of
 * another column.
 */
const RANK_UNIT = 4294967296;
const packedRankSql = (rank: string, grade: string) => `${rank}::BIGINT * ${RANK_UNIT} + ${grade}`;
const unpackRankSql = (packed: string) => `((${packed} - ${packed} % ${RANK_UNIT}) / ${RANK_UNIT})::INTEGER`;
const unpackGradeSql = (packed: string) => `(${packed} % ${RANK_UNIT})::INTEGER`;

/**
 * The CTEs `labeled_ranked` and `labeled_returned` (ending in a comma): per list of `lists`
 * (a FROM item with `retrieval_id` and `returned_asset_ids`), the ranks of its returned assets
 * that carry a label of `judged_relevance` (a CTE the caller defines), relevant ones with their
 * grades, as Tier 1 ranks them. The what-if lists (../what-if/) are ranked by the same rule.
 */
export const labeledRanksCtes = (lists: string, d: SqlDialect) => `-- Each labeled return's rank (any grade): its asset's first position, less the repeats before it
-- (the distinct assets before its first position, plus one). Packed with its grade (packedRankSql).
labeled_ranked AS (
  SELECT retrieval_id, grade, ${packedRankSql(`(${d.listLength(d.listDistinctSorted(d.listSlice('returned_asset_ids', '1', 'first_position - 1')))} + 1)`, 'grade')} AS packed
  FROM (
    SELECT ${d.column('l', 'retrieval_id')}, ${d.column('l', 'grade')}, ${d.column('r', 'returned_asset_ids')}, ${d.listPosition('r.returned_asset_ids', 'l.asset_id')} AS first_position
    FROM judged_relevance l JOIN ${lists} r ON r.retrieval_id = l.retrieval_id
  ) found
  WHERE first_position > 0
),
labeled_returned AS (
  SELECT retrieval_id,
         ${d.listTransformWithIndex('relevant', 'x', 'i', unpackRankSql('x'))} AS relevant_ranks,
         ${d.listTransformWithIndex('relevant', 'x', 'i', unpackGradeSql('x'))} AS relevant_grades,
         ${d.listTransformWithIndex('labeled', 'x', 'i', unpackRankSql('x'))} AS labeled_ranks
  FROM (
    SELECT retrieval_id, ${d.listAgg('packed', 'packed', 'grade >= 1')} AS relevant, ${d.listAgg('packed', 'packed')} AS labeled
    FROM labeled_ranked GROUP BY retrieval_id
  ) sorted
),
`;

/**
 * From `judged_relevance` (retrieval_id, asset_id, grade: one resolved label each), the CTEs
 * `labeled_returned` (the ranks and grades of the relevant returned assets, the ranks of every
 * labeled one) and `judgments` (the ideal grades of each judged retrieval) that Tier 1 reads.
 */
export function rankedRelevanceCtes(retrievals: string, d: SqlDialect): string {
  return `
${labeledRanksCtes(`(SELECT retrieval_id, returned_asset_ids FROM ${retrievals})`, d)}judgments AS (
  SELECT retrieval_id, ${d.listAgg('grade', 'grade', 'grade >= 1', true)} AS ideal_grades
  FROM judged_relevance GROUP BY retrieval_id
)`;
}

export function retrievalBaseSelect(scope: KeyScope, dialect: SqlDialect = DUCKDB): string {
  const d = dialect;
  const r = (...columns: string[]) => columns.map((column) => d.column('r', column)).join(', ');
  const inScope = (retrievalId: string) => keyIn(scope, retrievalId, 'retrieval_id');
  // With a scope, its few retrievals are found in one pass over all of them, then read from there;
  // only the columns used here, as every column a scan returns is read for every row.
  const retrievals = scope ? 'scoped_retrievals' : 'retrievals';
  return `
WITH ${scope ? `scoped_retrievals AS MATERIALIZED (
  SELECT retrieval_id, session_id, request_id, turn_id, ts, seq, surface, query, role, returned_asset_ids, error, retriever, run_id, category, rewrite_of, question_id
  FROM retrievals WHERE ${inScope('retrieval_id')}
),` : ''}
judged_relevance AS (SELECT * FROM resolved_relevance WHERE ${inScope('retrieval_id')}),
${rankedRelevanceCtes(retrievals, d)},
-- acr (an agent action of the retrieval's own request) is looked up in the final select, by the
-- retrieval's request_id among its agent actions' (retrieval_id is unique: validate.ts).
lineage_signals AS (
  SELECT effective_source_retrieval_id AS retrieval_id,
         ${d.listAggDistinctSorted('action', "actor = 'user'")} AS user_actions,
         ${d.listAggDistinct('request_id', "actor = 'agent' AND request_id IS NOT NULL")} AS agent_request_ids,
         ${d.boolOr(actionRuleSql('complaint'))} AS orf_complaint,
         ${d.boolOr(actionRuleSql('completion'))} AS led_to_completion
  FROM action_lineage
  WHERE effective_source_retrieval_id IS NOT NULL AND ${inScope('effective_source_retrieval_id')}
  GROUP BY effective_source_retrieval_id
),
down_feedback AS (SELECT DISTINCT retrieval_id FROM feedback WHERE rating = 'down' AND retrieval_id IS NOT NULL AND ${inScope('retrieval_id')}),
re_searched AS (SELECT DISTINCT rewrite_of AS retrieval_id FROM retrievals WHERE rewrite_of IS NOT NULL AND ${inScope('rewrite_of')}),
bypassed AS (
  SELECT DISTINCT ${r('retrieval_id')}
  FROM ${retrievals} r JOIN action_lineage a ON a.request_id = r.request_id
  WHERE ${actionRuleSql('agentUse', 'a')} AND a.consumed_asset_id IS NOT NULL
    AND a.effective_source_retrieval_id IS NULL
    AND NOT ${d.listContains(`coalesce(r.returned_asset_ids, ${d.emptyStringList()})`, 'a.consumed_asset_id')}
),
completion_sessions AS (
  SELECT DISTINCT session_id FROM action_lineage
  WHERE ${actionRuleSql('completion')} AND ${scope ? `session_id IN (SELECT session_id FROM ${retrievals})` : 'TRUE'}
)
SELECT ${r('retrieval_id', 'session_id', 'request_id', 'turn_id', 'ts', 'seq', 'surface', 'query')},
       ${r('retriever', 'run_id')}, ${ownOrTurnCategory('r', 'tc')} AS category,
       r.role AS logged_role, coalesce(rl.role, r.role, 'unknown') AS role,
       ${isEmptyResultSql('r.returned_asset_ids', 'r.error', d)} AS is_empty,
       ${isFailedSql('r.returned_asset_ids', 'r.error', d)} AS failed,
       j.retrieval_id IS NOT NULL AS judged,
       coalesce(rel.relevant_ranks, ${d.emptyIntegerList()}) AS relevant_ranks,
       coalesce(rel.relevant_grades, ${d.emptyIntegerList()}) AS relevant_grades,
       coalesce(j.ideal_grades, ${d.emptyIntegerList()}) AS ideal_grades,
       coalesce(rel.labeled_ranks, ${d.emptyIntegerList()}) AS labeled_ranks,
       coalesce(${d.listLength(d.listDistinctSorted('r.returned_asset_ids'))}, 0)::INTEGER AS distinct_returned,
       coalesce(${d.listLength('r.returned_asset_ids')}, 0)::INTEGER AS returned_entries,
       r.rewrite_of IS NOT NULL AS is_rewrite, ${r('question_id')},
       coalesce(ls.user_actions, ${d.emptyStringList()}) AS user_actions,
       coalesce(${d.asBool(d.listContains('ls.agent_request_ids', 'r.request_id'))}, false) AS acr,
       coalesce(ls.orf_complaint, false) AS orf_complaint,
       df.retrieval_id IS NOT NULL AS orf_down_feedback,
       rs.retrieval_id IS NOT NULL AS orf_re_search,
       bp.retrieval_id IS NOT NULL AS orf_agent_bypass,
       coalesce(ls.led_to_completion, false) AS led_to_completion,
       cs.session_id IS NOT NULL AS session_has_completion
FROM ${retrievals} r
LEFT JOIN ${turnCategories(scope ? 'turn_id IN (SELECT turn_id FROM scoped_retrievals)' : 'TRUE', d)} tc ON tc.turn_id = r.turn_id
LEFT JOIN (SELECT * FROM resolved_roles WHERE ${inScope('retrieval_id')}) rl ON rl.retrieval_id = r.retrieval_id
LEFT JOIN judgments j ON j.retrieval_id = r.retrieval_id
LEFT JOIN labeled_returned rel ON rel.retrieval_id = r.retrieval_id
LEFT JOIN lineage_signals ls ON ls.retrieval_id = r.retrieval_id
LEFT JOIN down_feedback df ON df.retrieval_id = r.retrieval_id
LEFT JOIN re_searched rs ON rs.retrieval_id = r.retrieval_id
LEFT JOIN bypassed bp ON bp.retrieval_id = r.retrieval_id
LEFT JOIN completion_sessions cs ON cs.session_id = r.session_id`;
}
