import { DUCKDB, type SqlDialect } from '../dialect';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';

/**
 * Each `eval_case` (by its `seq`, as `case_seq`) with the retrieval of its eval run (docs/metrics.md,
 * Gate): the retrieval with exactly the case's `query`; when several have it, the latest by ts,
 * then file order. Cases that no retrieval matches have no row.
 */
export const evalCaseRetrievalsSql = (dialect: SqlDialect = DUCKDB): SqlQuery => sql`
SELECT e.seq AS case_seq, ${rawSql(['retrieval_id', 'returned_asset_ids', 'scores'].map((column) => dialect.column('r', column)).join(', '))}
FROM eval_cases e JOIN retrievals r ON r.query = e.query
QUALIFY row_number() OVER (PARTITION BY e.seq ORDER BY r.ts DESC NULLS LAST, r.seq DESC) = 1`;
