import type { MetricSettings } from '../../../model/metrics/settings';
import { settingsFilter } from './filters';
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
 * them divided by the judged count is the average over judged retrievals, empty ones scored 0.
 * Kept narrow on purpose: writing it is most of the cost of a settings change.
 */
export function retrievalFactsQuery(settings: MetricSettings): SqlQuery {
  const { k } = settings;
  return sql`
WITH at_k AS (
  SELECT seq, ts, role, is_empty, judged, acr, reciprocal_rank, len(ideal_grades) AS relevant_count,
         list_contains(relevant_ranks, 1) AS hit_at_1,
         len(list_filter(relevant_ranks, lambda r: r <= ${k})) AS hits_at_k,
         coalesce(list_sum(list_transform(relevant_ranks, lambda r, i: CASE WHEN r <= ${k} THEN relevant_grades[i] / log2(r + 1) ELSE 0 END)), 0) AS dcg,
         coalesce(list_sum(list_transform(list_slice(ideal_grades, 1, CAST(${k} AS INTEGER)), lambda g, i: g / log2(i + 1))), 0) AS idcg,
         list_has_any(user_actions, ${valueArray(settings.usedActions)}) AS gpr,
         orf_complaint OR orf_down_feedback OR orf_re_search OR orf_agent_bypass AS orf
  FROM retrieval_base
  WHERE ${settingsFilter(settings, { ts: 'ts', surface: 'surface', role: 'role' })}
),
scored AS (
  SELECT seq, ts, role, is_empty, judged, acr, gpr, orf,
         CASE WHEN judged THEN hit_at_1::INTEGER::DOUBLE END AS p_at_1,
         CASE WHEN judged THEN hits_at_k / ${k} END AS p_at_k,
         CASE WHEN judged THEN CASE WHEN relevant_count > 0 THEN hits_at_k / relevant_count ELSE 0 END END AS recall_at_k,
         CASE WHEN judged THEN CASE WHEN idcg > 0 THEN dcg / idcg ELSE 0 END END AS ndcg_at_k,
         CASE WHEN judged THEN reciprocal_rank END AS rr
  FROM at_k
)
SELECT seq, ts, role, is_empty, judged, p_at_1, p_at_k, recall_at_k, ndcg_at_k, rr,
       judged AND (is_empty OR p_at_1 = 0 OR ndcg_at_k < ${settings.tier1Threshold}) AS tier1_bad,
       gpr, acr, orf
FROM scored`;
}

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
export function materializeRetrievalFactsQuery(settings: MetricSettings): SqlQuery {
  return sql`CREATE OR REPLACE TEMP TABLE ${rawSql(RETRIEVAL_FACTS_TABLE)} AS ${retrievalFactsQuery(settings)}`;
}

/** The FROM item of an aggregate over the facts. */
export function factsFrom(settings: MetricSettings, source: FactsSource): SqlQuery {
  return source === 'materialized' ? rawSql(RETRIEVAL_FACTS_TABLE) : sql`(${retrievalFactsQuery(settings)})`;
}
