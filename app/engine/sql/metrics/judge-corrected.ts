import { HUMAN_LABELS, type MetricSettings } from '../../../model/metrics/settings';
import { CORRECTED_FIGURES } from '../../../model/metrics/judge-corrected';
import { DUCKDB, type SqlDialect } from '../dialect';
import { retrievalFactsQuery } from './retrieval-facts';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';

/** A figure's column in the facts rows (the report's `mrr` is the facts' `rr`). */
const FACTS_COLUMN: Record<(typeof CORRECTED_FIGURES)[number], string> = { p_at_1: 'p_at_1', p_at_k: 'p_at_k', ndcg_at_k: 'ndcg_at_k', mrr: 'rr' };

/**
 * What the judge-corrected Tier 1 of one judge reads (docs/metrics.md, "Judges and humans"), one row:
 * per figure m, over J (retrievals judged by the judge, m_j from its labels alone) `<m>_j`,
 * `<m>_judge_mean`, `<m>_judge_var`; over H (those of J judged by human labels, m_h from them
 * alone) `<m>_h`, `<m>_human_mean`, `<m>_human_var`, and of m_h − m_j `<m>_diff_mean`,
 * `<m>_diff_var` (sample variances). Both sides are the Tier 1 facts of the same settings, so the
 * filters and K hold alike; a score is NULL where its side did not judge the retrieval.
 */
export function judgeCorrectedQuery(settings: MetricSettings, judge: string, dialect: SqlDialect = DUCKDB): SqlQuery {
  const d = dialect;
  const onBoth = (column: string) => `CASE WHEN j.judged AND h.judged THEN ${column} END`;
  const columns = CORRECTED_FIGURES.map((figure) => {
    const m = FACTS_COLUMN[figure];
    const human = onBoth(`h.${m}`);
    const diff = onBoth(`h.${m} - j.${m}`);
    return `count(j.${m}) AS ${figure}_j, avg(j.${m}) AS ${figure}_judge_mean, ${d.varSamp(`j.${m}`)} AS ${figure}_judge_var,
       count(${human}) AS ${figure}_h, avg(${human}) AS ${figure}_human_mean, ${d.varSamp(human)} AS ${figure}_human_var,
       avg(${diff}) AS ${figure}_diff_mean, ${d.varSamp(diff)} AS ${figure}_diff_var`;
  }).join(',\n       ');
  return sql`
WITH judge_facts AS (${retrievalFactsQuery({ ...settings, labels: judge }, d)}),
human_facts AS (${retrievalFactsQuery({ ...settings, labels: HUMAN_LABELS }, d)})
SELECT ${rawSql(columns)}
FROM judge_facts j JOIN human_facts h ON h.seq = j.seq
WHERE j.judged`;
}

/** The columns of `judgeCorrectedQuery`, each a number or NULL: a `CorrectedStatsRow`. */
export const CORRECTED_STATS_ROW: Readonly<Record<string, 'number|null'>> = Object.fromEntries(CORRECTED_FIGURES.flatMap((figure) =>
  ['j', 'judge_mean', 'judge_var', 'h', 'human_mean', 'human_var', 'diff_mean', 'diff_var'].map((stat) => [`${figure}_${stat}`, 'number|null' as const])));
