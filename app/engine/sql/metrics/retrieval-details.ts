import type { MetricSettings } from '../../../model/metrics/settings';
import { DUCKDB, type SqlDialect } from '../dialect';
import { CELL_CONDITIONS, factsFrom, MATRIX_CELL, orfSignals, UOR, type FactsSource } from './retrieval-facts';
import { type MatrixCell } from '../../../model/metrics/matrix-cells';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import type { MaskedFailureRow } from '../../../model/metrics/rows';
import { specOf } from '../core/row-spec';

/** Every per-retrieval fact of docs/metrics.md Tier 1 and Tier 2, with the retrieval's ids. */
export interface RetrievalDetailRow {
  retrieval_id: string;
  session_id: string;
  request_id: string | null;
  query: string | null;
  surface: string | null;
  /** The `retriever` the retrieval logged, if any. */
  retriever: string | null;
  /** Effective role: the resolved role label, else the logged role, else 'unknown'. */
  role: string;
  logged_role: string | null;
  ts: number;
  is_empty: boolean;
  /** A failed retrieval (an `error`, nothing returned): never `is_empty`. */
  failed: boolean;
  judged: boolean;
  /** Tier 1 scores, null when unjudged. */
  p_at_1: number | null;
  p_at_k: number | null;
  recall_at_k: number | null;
  ndcg_at_k: number | null;
  rr: number | null;
  tier1_bad: boolean;
  gpr: boolean;
  acr: boolean;
  orf: boolean;
  /** Comma-separated ORF signals (complaint, down_feedback, re_search, agent_bypass) or 'none'. */
  orf_signals: string;
  uor: boolean;
  matrix_cell: 'healthy' | 'downstream' | 'visible_failure' | 'masked_consumed' | 'masked_silent' | null;
}

export const RETRIEVAL_DETAIL_ROW = specOf<RetrievalDetailRow>()({
  retrieval_id: 'string', session_id: 'string', request_id: 'string|null', query: 'string|null', surface: 'string|null', retriever: 'string|null',
  role: 'string', logged_role: 'string|null', ts: 'number', is_empty: 'boolean', failed: 'boolean', judged: 'boolean',
  p_at_1: 'number|null', p_at_k: 'number|null', recall_at_k: 'number|null', ndcg_at_k: 'number|null', rr: 'number|null', tier1_bad: 'boolean',
  gpr: 'boolean', acr: 'boolean', orf: 'boolean', orf_signals: 'string', uor: 'boolean', matrix_cell: 'string|null',
});

/** The per-retrieval facts with ids and ORF signals, in time order, optionally only one matrix cell: `RETRIEVAL_DETAIL_ROW`s. */
export function retrievalDetailsQuery(
  settings: MetricSettings,
  options: { cell?: MatrixCell; limit?: number; source?: FactsSource } = {},
): SqlQuery {
  const cellFilter = options.cell ? rawSql(CELL_CONDITIONS[options.cell]) : sql`TRUE`;
  const limit = options.limit === undefined ? sql`` : sql`LIMIT CAST(${options.limit} AS BIGINT)`;
  return sql`
SELECT base.retrieval_id, base.session_id, base.request_id, base.query, base.surface, base.retriever, facts.role, base.logged_role, facts.ts,
       facts.is_empty, facts.failed, facts.judged, facts.p_at_1, facts.p_at_k, facts.recall_at_k, facts.ndcg_at_k, facts.rr, facts.tier1_bad,
       facts.gpr, facts.acr, facts.orf, ${orfSignals('base')} AS orf_signals, facts.uor, facts.matrix_cell
FROM (SELECT *, ${UOR} AS uor, ${MATRIX_CELL} AS matrix_cell FROM ${factsFrom(settings, options.source ?? 'inline')} AS f WHERE ${cellFilter}) AS facts
JOIN retrieval_base base ON base.seq = facts.seq
ORDER BY facts.ts, facts.seq
${limit}`;
}

/** A row of `matrixCellRetrievalsQuery`. */
export type MatrixCellRow = Pick<RetrievalDetailRow, 'retrieval_id' | 'query' | 'retriever' | 'role' | 'p_at_1' | 'ndcg_at_k' | 'orf_signals' | 'session_id' | 'ts'>;

export const MATRIX_CELL_ROW = specOf<MatrixCellRow>()({
  retrieval_id: 'string', query: 'string|null', retriever: 'string|null', role: 'string', p_at_1: 'number|null', ndcg_at_k: 'number|null',
  orf_signals: 'string', session_id: 'string', ts: 'number',
});

/**
 * The drill-down of one matrix cell: retrieval_id, query, retriever, role, P@1, nDCG@k, the ORF
 * signals (or 'none'), the session and the time, in time order.
 */
export function matrixCellRetrievalsQuery(settings: MetricSettings, cell: MatrixCell, limit = 1000, source: FactsSource = 'inline'): SqlQuery {
  return sql`
SELECT retrieval_id, query, retriever, role, p_at_1, ndcg_at_k, orf_signals, session_id, ts
FROM (${retrievalDetailsQuery(settings, { cell, limit, source })})`;
}

/** The masked retrieval failures, in time order: the `flags` of the report (`MaskedFailureRow`s). */
export function maskedFailuresQuery(settings: MetricSettings, source: FactsSource = 'inline', dialect: SqlDialect = DUCKDB): SqlQuery {
  const columns = [dialect.column('base', 'retrieval_id'), dialect.column('base', 'session_id'), dialect.column('facts', 'consumed')];
  return sql`
SELECT ${rawSql(columns.join(', '))}
FROM (SELECT seq, ts, gpr OR acr AS consumed FROM ${factsFrom(settings, source, dialect)} AS f WHERE ${rawSql(CELL_CONDITIONS.masked)}) AS facts
JOIN retrieval_base base ON base.seq = facts.seq
ORDER BY facts.ts, facts.seq`;
}

export const MASKED_FAILURE_ROW = specOf<MaskedFailureRow>()({ retrieval_id: 'string', session_id: 'string', consumed: 'boolean' });
