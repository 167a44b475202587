import { DUCKDB, type SqlDialect } from '../dialect';
import { returnedNothingSql } from '../metrics/retrieval-base';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import type { CalibrationCase } from '../../../model/gate/calibration';
import { specOf } from '../core/row-spec';
import { evalCaseRetrievalsSql } from './eval-case-retrievals';

/**
 * One row per `eval_case` with the top-1 score of its eval retrieval (docs/metrics.md, Gate;
 * eval-case-retrievals.ts): its `scores[1]`, else the `dense_score` of its (latest) gate; an
 * empty result scores 0, and so does a failed one (it returned nothing either). `top1` is null when no retrieval has the query, or the result is
 * non-empty but carries no score at all.
 *
 * Decisions:
 * - `should_answer` missing: a case with `gold_asset_ids` should answer (docs/log-format.md: empty
 *   gold = a negative case);
 * - eval cases carry no ts or surface, so the metric filters do not apply here.
 */
export function calibrationCasesQuery(dialect: SqlDialect = DUCKDB): SqlQuery {
  return sql`
WITH matched AS (${evalCaseRetrievalsSql(dialect)}),
latest_gate AS (
  SELECT retrieval_id, ${rawSql(dialect.argMax('dense_score', 'seq'))} AS dense_score
  FROM gates WHERE retrieval_id IS NOT NULL AND dense_score IS NOT NULL GROUP BY retrieval_id
)
SELECT e.category,
       coalesce(e.should_answer, coalesce(${rawSql(dialect.listLength('e.gold_asset_ids'))}, 0) > 0) AS should_answer,
       CASE WHEN m.retrieval_id IS NULL THEN NULL
            WHEN ${rawSql(returnedNothingSql('m.returned_asset_ids', dialect))} THEN 0.0
            ELSE coalesce(${rawSql(dialect.listElement('m.scores', '1'))}, g.dense_score) END::DOUBLE AS top1
FROM eval_cases e
LEFT JOIN matched m ON m.case_seq = e.seq
LEFT JOIN latest_gate g ON g.retrieval_id = m.retrieval_id
ORDER BY e.seq`;
}

export const CALIBRATION_CASE_ROW = specOf<CalibrationCase>()({ category: 'string|null', should_answer: 'boolean', top1: 'number|null' });
