import type { MetricSettings } from '../../../model/metrics/settings';
import type { SqlValue } from '../../engine';
import { DUCKDB, type SqlDialect } from '../dialect';
import { settingsFilter } from './filters';
import { RETRIEVAL_COLUMNS } from './retrieval-base';
import { rawSql, sql, valueArray, type SqlQuery } from './sql-query';

/** The temp table that holds `retrievalFactsQuery(settings)` for the latest settings. */
export const RETRIEVAL_FACTS_TABLE = 'retrieval_facts';

/**
 * Where an aggregate reads the per-retrieval facts: `inline` recomputes them inside the query
 * (standalone, always right); `materialized` reads the temp table that
 * `materializeRetrievalFactsQuery` built for the same settings (fast, for many panels at once).
 */
export type FactsSource = 'inline' | 'materialized';

/**
 * One row per retrieval kept by the filters (metrics.md, Tier 1 and Tier 2), computed for the
 * given K, Tier 1 threshold and used actions; `seq` is the key into `retrieval_base` (ids,
 * query, session, ORF signals). Tier 1 columns are null for unjudged retrievals, so a sum over
 * them divided by the judged count is the average over judged retrievals, empty and failed ones
 * scored 0 (neither returned anything).
 * Kept narrow on purpose: writing it is most of the cost of a settings change.
 */
export function retrievalFactsQuery(settings: MetricSettings, dialect: SqlDialect = DUCKDB): SqlQuery {
  const { k } = settings;
  const d = dialect;
  // each `?` of these is K (a dialect may write a list twice)
  const ofK = (text: string) => everyParam(text, k);
  const hitsAtK = ofK(d.listLength(d.listFilter('relevant_ranks', 'r', 'r <= ?')));
  const dcg = ofK(d.listSum(d.listTransformWithIndex('relevant_ranks', 'r', 'i', 'CASE WHEN r <= ? THEN relevant_grades[i] / log2(r + 1) ELSE 0 END')));
  const idcg = ofK(d.listSum(d.listTransformWithIndex(d.listSlice('ideal_grades', '1', 'CAST(? AS INTEGER)'), 'g', 'i', 'g / log2(i + 1)')));
  return sql`
WITH at_k AS (
  SELECT seq, ts, role, is_empty, failed, judged, acr, reciprocal_rank, ${rawSql(d.listLength('ideal_grades'))} AS relevant_count,
         ${rawSql(d.listContains('relevant_ranks', '1'))} AS hit_at_1,
         ${hitsAtK} AS hits_at_k,
         coalesce(${dcg}, 0) AS dcg,
         coalesce(${idcg}, 0) AS idcg,
         ${usedBy(valueArray(settings.usedActions, d), d)} AS gpr,
         orf_complaint OR orf_down_feedback OR orf_re_search OR orf_agent_bypass AS orf
  FROM retrieval_base
  WHERE ${settingsFilter(settings, RETRIEVAL_COLUMNS)}
),
scored AS (
  SELECT seq, ts, role, is_empty, failed, judged, acr, gpr, orf,
         CASE WHEN judged THEN hit_at_1::INTEGER::DOUBLE END AS p_at_1,
         CASE WHEN judged THEN hits_at_k / ${k} END AS p_at_k,
         CASE WHEN judged THEN CASE WHEN relevant_count > 0 THEN hits_at_k / relevant_count ELSE 0 END END AS recall_at_k,
         CASE WHEN judged THEN CASE WHEN idcg > 0 THEN dcg / idcg ELSE 0 END END AS ndcg_at_k,
         CASE WHEN judged THEN reciprocal_rank END AS rr
  FROM at_k
)
SELECT seq, ts, role, is_empty, failed, judged, p_at_1, p_at_k, recall_at_k, ndcg_at_k, rr,
       judged AND (is_empty OR p_at_1 = 0 OR ndcg_at_k < ${settings.tier1Threshold}) AS tier1_bad,
       gpr, acr, orf
FROM scored`;
}

/** A fragment whose every `?` stands for `value`. */
const everyParam = (text: string, value: SqlValue): SqlQuery => ({ sql: text, params: Array.from(text.matchAll(/\?/g), () => value) });

/** GPR: some of the user actions of the retrieval are among `usedActions` (a bound list). */
const usedBy = (usedActions: SqlQuery, dialect: SqlDialect): SqlQuery => ({ sql: dialect.listHasAny('user_actions', usedActions.sql), params: usedActions.params });

/** The matrix cells (metrics.md, the Tier 1 × Tier 2 matrix); `masked` is both masked kinds. */
export const MATRIX_CELLS = ['healthy', 'downstream', 'visible_failure', 'masked', 'masked_consumed', 'masked_silent'] as const;
export type MatrixCell = (typeof MATRIX_CELLS)[number];

/** Which facts rows fall in each cell; unjudged retrievals are in none (tier1_bad is false, judged too). */
export const CELL_CONDITIONS: Record<MatrixCell, string> = {
  healthy: 'judged AND NOT tier1_bad AND NOT orf',
  downstream: 'judged AND NOT tier1_bad AND orf',
  visible_failure: 'tier1_bad AND orf',
  masked: 'tier1_bad AND NOT orf',
  masked_consumed: 'tier1_bad AND NOT orf AND (gpr OR acr)',
  masked_silent: 'tier1_bad AND NOT orf AND NOT (gpr OR acr)',
};

/** The cell of a facts row as text (the four exclusive cells and the two masked kinds), null when unjudged. */
export const MATRIX_CELL = rawSql(`CASE ${(['healthy', 'downstream', 'visible_failure', 'masked_consumed', 'masked_silent'] as const)
  .map((cell) => `WHEN ${CELL_CONDITIONS[cell]} THEN '${cell}'`)
  .join(' ')} END`);

/** UOR: none of GPR, ACR, ORF. */
export const UOR = rawSql('NOT (gpr OR acr OR orf)');

/**
 * The ORF signals of a `retrieval_base` row that fired, comma-separated (complaint,
 * down_feedback, re_search, agent_bypass), or 'none'. They do not depend on the settings.
 */
export const orfSignals = (base: string) =>
  rawSql(`coalesce(nullif(concat_ws(',',
  CASE WHEN ${base}.orf_complaint THEN 'complaint' END, CASE WHEN ${base}.orf_down_feedback THEN 'down_feedback' END,
  CASE WHEN ${base}.orf_re_search THEN 're_search' END, CASE WHEN ${base}.orf_agent_bypass THEN 'agent_bypass' END), ''), 'none')`);

/** Materializes the facts for these settings; aggregates then read them with `materialized`. */
export function materializeRetrievalFactsQuery(settings: MetricSettings, dialect: SqlDialect = DUCKDB): SqlQuery {
  const facts = retrievalFactsQuery(settings, dialect);
  return { sql: dialect.createTempTableAs(RETRIEVAL_FACTS_TABLE, facts.sql), params: facts.params };
}

/** The FROM item of an aggregate over the facts. */
export function factsFrom(settings: MetricSettings, source: FactsSource, dialect: SqlDialect = DUCKDB): SqlQuery {
  return source === 'materialized' ? rawSql(RETRIEVAL_FACTS_TABLE) : sql`(${retrievalFactsQuery(settings, dialect)})`;
}
