import type { MetricSettings } from '../../../model/metrics/settings';
import type { SqlValue } from '../../engine';
import { DUCKDB, type SqlDialect } from '../dialect';
import { settingsFilter } from './filters';
import { retrievalBaseOfSource } from './label-source';
import { RETRIEVAL_COLUMNS } from './retrieval-base';
import { rawSql, sql, valueArray, type SqlQuery } from '../core/sql-query';
import type { MatrixCell } from '../../../model/metrics/matrix-cells';

/** The temp table that holds `retrievalFactsQuery(settings)` for the latest settings. */
export const RETRIEVAL_FACTS_TABLE = 'retrieval_facts';

/**
 * Where an aggregate reads the per-retrieval facts: `inline` recomputes them inside the query
 * (standalone, always right); `materialized` reads the temp table that
 * `materializeRetrievalFactsQuery` built for the same settings (fast, for many panels at once).
 */
export type FactsSource = 'inline' | 'materialized';

/**
 * A judged retrieval's relevance as Tier 1 scores it: the ranks of its relevant returned assets
 * with their grades (same order) and its ideal grades (every relevant judged grade, descending).
 */
interface RankedRelevance {
  ranks: string;
  grades: string;
  idealGrades: string;
}

/**
 * The Tier 1 formulas of docs/metrics.md at K (every `?` is K), over one ranked relevance: hit at
 * rank 1, relevant in the first K, DCG@K, IDCG@K and the reciprocal rank (no cutoff).
 */
function tier1AtK({ ranks, grades, idealGrades }: RankedRelevance, d: SqlDialect) {
  return {
    hit_at_1: d.listContains(ranks, '1'),
    hits_at_k: d.listLength(d.listFilter(ranks, 'r', 'r <= ?')),
    dcg: `coalesce(${d.listSum(d.listTransformWithIndex(ranks, 'r', 'i', `CASE WHEN r <= ? THEN ${d.listElement(grades, 'i')} / log2(r + 1) ELSE 0 END`))}, 0)`,
    idcg: `coalesce(${d.listSum(d.listTransformWithIndex(d.listSlice(idealGrades, '1', 'CAST(? AS INTEGER)'), 'g', 'i', 'g / log2(i + 1)'))}, 0)`,
    rr: `coalesce(1.0 / ${d.listMin(ranks)}, 0)`,
  };
}

/**
 * docs/metrics.md, "Judged depth, bounds and the pool": the ranks among the first K of a judged
 * retrieval's distinct returned assets that carry no resolved relevance label (none for an
 * unjudged one). The high bound scores them as grade 1.
 */
const unlabeledRanksAtK = (d: SqlDialect) =>
  `CASE WHEN judged THEN ${d.listFilter(d.integerRange('1', 'least(CAST(? AS INTEGER), distinct_returned) + 1'), 'x', `NOT ${d.listContains('labeled_ranks', 'x')}`)} ELSE ${d.emptyIntegerList()} END`;

const gradeOne = (ranks: string, d: SqlDialect) => d.listTransformWithIndex(ranks, 'x', 'i', '1');

const LOGGED_RELEVANCE: RankedRelevance = { ranks: 'relevant_ranks', grades: 'relevant_grades', idealGrades: 'ideal_grades' };
/** The high bound's: every unlabeled asset among the first K relevant with grade 1 (in the ideal grades too: still descending). */
const HIGH_BOUND_RELEVANCE: RankedRelevance = { ranks: 'relevant_ranks_high', grades: 'relevant_grades_high', idealGrades: 'ideal_grades_high' };

const highBoundLists = (d: SqlDialect) => `${d.listConcat('relevant_ranks', 'unlabeled_ranks')} AS relevant_ranks_high,
         ${d.listConcat('relevant_grades', gradeOne('unlabeled_ranks', d))} AS relevant_grades_high,
         ${d.listConcat('ideal_grades', gradeOne('unlabeled_ranks', d))} AS ideal_grades_high`;

/** The Tier 1 scores of a judged retrieval from `tier1AtK` columns named `<name><suffix>` (null when unjudged); `?` is K. */
const scoresFrom = (suffix: string) => `
         CASE WHEN judged THEN hit_at_1${suffix}::INTEGER::DOUBLE END AS p_at_1${suffix},
         CASE WHEN judged THEN hits_at_k${suffix} / ? END AS p_at_k${suffix},
         CASE WHEN judged THEN CASE WHEN idcg${suffix} > 0 THEN dcg${suffix} / idcg${suffix} ELSE 0 END END AS ndcg_at_k${suffix},
         CASE WHEN judged THEN rr${suffix} END AS rr${suffix}`;

/**
 * Evaluated for judged retrievals only (null for the others, which score nothing): most
 * retrievals are unjudged, and these list expressions were most of the facts' time (1M-event
 * bench: 90% unjudged).
 */
const atKColumns = (relevance: RankedRelevance, suffix: string, d: SqlDialect) =>
  Object.entries(tier1AtK(relevance, d)).map(([name, expression]) => `CASE WHEN judged THEN ${expression} END AS ${name}${suffix}`).join(',\n         ');

/**
 * One row per retrieval kept by the filters (docs/metrics.md, Tier 1 and Tier 2), computed for the
 * given K, Tier 1 threshold and used actions; `seq` is the key into `retrieval_base` (ids,
 * query, session, ORF signals). Tier 1 columns are null for unjudged retrievals, so a sum over
 * them divided by the judged count is the average over judged retrievals, empty and failed ones
 * scored 0 (neither returned anything). `*_high` are the same scores with every unlabeled asset
 * among the first K relevant (the high bound); `judged_at_k` is null for a retrieval that returned nothing.
 * Kept narrow on purpose: writing it is most of the cost of a settings change. `base` is a table
 * of `retrieval_base`'s columns: the what-if reads its re-ranked lists through the same formulas.
 */
export function retrievalFactsQuery(settings: MetricSettings, dialect: SqlDialect = DUCKDB, base = 'retrieval_base'): SqlQuery {
  const { k } = settings;
  const d = dialect;
  // each `?` of these is K (a dialect may write a list twice)
  const ofK = (text: string) => everyParam(text, k);
  const judgedAtK = ofK(`CASE WHEN distinct_returned > 0
    THEN ${d.listLength(d.listFilter('labeled_ranks', 'r', 'r <= ?'))}::DOUBLE / least(CAST(? AS INTEGER), distinct_returned) END`);
  return sql`
WITH kept AS (
  SELECT seq, ts, role, is_empty, failed, judged, acr, relevant_ranks, relevant_grades, ideal_grades, ${judgedAtK} AS judged_at_k,
         ${ofK(unlabeledRanksAtK(d))} AS unlabeled_ranks,
         ${usedBy(valueArray(settings.usedActions, d), d)} AS gpr,
         orf_complaint OR orf_down_feedback OR orf_re_search OR orf_agent_bypass AS orf
  FROM ${base === 'retrieval_base' ? retrievalBaseOfSource(settings.labels, d) : rawSql(base)} base
  WHERE ${settingsFilter(settings, RETRIEVAL_COLUMNS)}
),
with_high_bound AS (
  SELECT *, ${rawSql(highBoundLists(d))} FROM kept
),
at_k AS (
  SELECT seq, ts, role, is_empty, failed, judged, acr, gpr, orf, judged_at_k, ${rawSql(d.listLength('ideal_grades'))} AS relevant_count,
         ${ofK(atKColumns(LOGGED_RELEVANCE, '', d))},
         ${ofK(atKColumns(HIGH_BOUND_RELEVANCE, '_high', d))}
  FROM with_high_bound
),
scored AS (
  SELECT seq, ts, role, is_empty, failed, judged, acr, gpr, orf, judged_at_k,${ofK(scoresFrom(''))},
         CASE WHEN judged THEN CASE WHEN relevant_count > 0 THEN hits_at_k / relevant_count ELSE 0 END END AS recall_at_k,${ofK(scoresFrom('_high'))}
  FROM at_k
)
SELECT seq, ts, role, is_empty, failed, judged, p_at_1, p_at_k, recall_at_k, ndcg_at_k, rr,
       judged AND (is_empty OR p_at_1 = 0 OR ndcg_at_k < ${settings.tier1Threshold}) AS tier1_bad,
       gpr, acr, orf, judged_at_k, p_at_1_high, p_at_k_high, ndcg_at_k_high, rr_high
FROM scored`;
}

/** A fragment whose every `?` stands for `value`. */
const everyParam = (text: string, value: SqlValue): SqlQuery => ({ sql: text, params: Array.from(text.matchAll(/\?/g), () => value) });

/** GPR: some of the user actions of the retrieval are among `usedActions` (a bound list). */
const usedBy = (usedActions: SqlQuery, dialect: SqlDialect): SqlQuery => ({ sql: dialect.listHasAny('user_actions', usedActions.sql), params: usedActions.params });

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
export const UOR = sql`NOT (gpr OR acr OR orf)`;

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
