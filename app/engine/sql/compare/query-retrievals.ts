import type { MetricSettings } from '../../../model/metrics/settings';
import { factsFrom, type FactsSource } from '../metrics/retrieval-facts';
import type { RowOf } from '../core/row-spec';
import { sql, type SqlQuery } from '../core/sql-query';
import { QUERY_RETRIEVALS_LIMIT } from '../../../model/compare/query-retrievals';

/** One retrieval of a query text in one slice, with its Tier 1 scores at the slice's K (null when unjudged). */
export const QUERY_RETRIEVAL_ROW = {
  retrieval_id: 'string',
  session_id: 'string',
  retriever: 'string|null',
  run_id: 'string|null',
  surface: 'string|null',
  role: 'string',
  ts: 'number',
  judged: 'boolean',
  is_empty: 'boolean',
  p_at_1: 'number|null',
  p_at_k: 'number|null',
  recall_at_k: 'number|null',
  ndcg_at_k: 'number|null',
  rr: 'number|null',
} as const;

export type QueryRetrievalRow = RowOf<typeof QUERY_RETRIEVAL_ROW>;

/**
 * The comparison's drill-down: the retrievals of one slice whose `query` is exactly `query`,
 * judged or not, in time order. `source` = `materialized` reads the facts table the comparison
 * built for the slice's settings (bound as `retrieval_facts`).
 */
export function queryRetrievalsQuery(settings: MetricSettings, query: string, source: FactsSource = 'inline'): SqlQuery {
  return sql`
SELECT base.retrieval_id, base.session_id, base.retriever, base.run_id, base.surface, facts.role, facts.ts,
       facts.judged, facts.is_empty, facts.p_at_1, facts.p_at_k, facts.recall_at_k, facts.ndcg_at_k, facts.rr
FROM ${factsFrom(settings, source)} AS facts JOIN retrieval_base AS base ON base.seq = facts.seq
WHERE base.query = ${query}
ORDER BY facts.ts, facts.seq
LIMIT ${QUERY_RETRIEVALS_LIMIT}`;
}
