import { RETRIEVAL_FACTS_TABLE } from '../metrics/retrieval-facts';
import { exactSum } from '../metrics/tier1-tier2';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import { DUCKDB, type SqlDialect } from '../dialect';
import type { QueryScoreRow } from '../../../model/compare/pairing';
import { specOf } from '../core/row-spec';

export type { QueryScoreRow } from '../../../model/compare/pairing';

/** What a comparison pairs: query texts (two slices), or retrievals (a what-if: logged and re-ranked lists of one retrieval). */
export type PairingUnit = 'query' | 'retrieval';

/**
 * docs/metrics.md, "Comparing two slices": per query text, the judged retrievals of one slice and
 * the sum of each Tier 1 metric over them (`QueryScoreRow`s), read from the slice's
 * materialized retrieval facts (bound as `retrieval_facts`) joined to `retrieval_base` for the
 * query text. Retrievals without a query text pair with nothing and are left out. By `retrieval`,
 * each judged retrieval is its own row, keyed by its id (in `query`): a what-if pairs a
 * retrieval's logged list with its re-ranked one.
 */
export function perQueryScoresQuery(unit: PairingUnit = 'query', d: SqlDialect = DUCKDB): SqlQuery {
  const key = unit === 'query' ? sql`base.query` : sql`base.retrieval_id`;
  return sql`
SELECT ${key} AS query, count(*)::INTEGER AS judged,
       ${exactSum('facts.p_at_1', d)} AS sum_p_at_1, ${exactSum('facts.p_at_k', d)} AS sum_p_at_k,
       ${exactSum('facts.recall_at_k', d)} AS sum_recall_at_k, ${exactSum('facts.ndcg_at_k', d)} AS sum_ndcg_at_k,
       ${exactSum('facts.rr', d)} AS sum_rr
FROM ${rawSql(RETRIEVAL_FACTS_TABLE)} AS facts JOIN retrieval_base AS base USING (seq)
WHERE facts.judged AND ${key} IS NOT NULL
GROUP BY ${key}`;
}

export const QUERY_SCORE_ROW = specOf<QueryScoreRow>()({
  query: 'string', judged: 'number', sum_p_at_1: 'number', sum_p_at_k: 'number', sum_recall_at_k: 'number', sum_ndcg_at_k: 'number', sum_rr: 'number',
});
