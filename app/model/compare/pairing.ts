import { PAIRED_METRICS, type PairedMetric, type PairedQuery } from './types';

/**
 * One query of one slice (app/engine/sql/compare/per-query.ts): its judged retrievals in the
 * slice and the sum of each Tier 1 metric over them (`sum_rr` is MRR's).
 */
export interface QueryScoreRow {
  query: string;
  judged: number;
  sum_p_at_1: number;
  sum_p_at_k: number;
  sum_recall_at_k: number;
  sum_ndcg_at_k: number;
  sum_rr: number;
}

const SUM_COLUMN: Record<PairedMetric, keyof QueryScoreRow> = {
  p_at_1: 'sum_p_at_1',
  p_at_k: 'sum_p_at_k',
  recall_at_k: 'sum_recall_at_k',
  ndcg_at_k: 'sum_ndcg_at_k',
  mrr: 'sum_rr',
};

/** The query's value of each metric: the mean over its judged retrievals in the slice. */
function queryMeans(row: QueryScoreRow): Record<PairedMetric, number> {
  return Object.fromEntries(PAIRED_METRICS.map((metric) => [metric, (row[SUM_COLUMN[metric]] as number) / row.judged])) as Record<PairedMetric, number>;
}

export interface Pairing {
  /** The paired queries in code-unit order of their text (the order the statistics draw from). */
  queries: PairedQuery[];
  onlyA: number;
  onlyB: number;
}

/**
 * docs/metrics.md, "Comparing two slices": a query is paired when at least one judged retrieval with
 * exactly that `query` text is in each slice. Rows without a judged retrieval are ignored.
 */
export function pairQueries(rowsA: readonly QueryScoreRow[], rowsB: readonly QueryScoreRow[]): Pairing {
  const judged = (rows: readonly QueryScoreRow[]) => new Map(rows.filter((row) => row.judged > 0).map((row) => [row.query, row]));
  const a = judged(rowsA);
  const b = judged(rowsB);
  const queries: PairedQuery[] = [];
  for (const [query, rowA] of a) {
    const rowB = b.get(query);
    if (!rowB) continue;
    const meansA = queryMeans(rowA);
    const meansB = queryMeans(rowB);
    const delta = Object.fromEntries(PAIRED_METRICS.map((metric) => [metric, meansB[metric] - meansA[metric]])) as Record<PairedMetric, number>;
    queries.push({ query, a_judged: rowA.judged, b_judged: rowB.judged, a: meansA, b: meansB, delta });
  }
  queries.sort((x, y) => (x.query < y.query ? -1 : x.query > y.query ? 1 : 0));
  return { queries, onlyA: a.size - queries.length, onlyB: b.size - queries.length };
}
