import type { MetricSettings } from '../../../model/metrics/settings';
import { DUCKDB, type SqlDialect } from '../dialect';
import { CELL_CONDITIONS, factsFrom, type FactsSource } from './retrieval-facts';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import type { MatrixRow } from '../../../model/metrics/rows';
import { specOf } from '../core/row-spec';

/** docs/metrics.md, the Tier 1 × Tier 2 matrix: judged retrievals per cell (a `MatrixRow`). */
export function matrixQuery(settings: MetricSettings, source: FactsSource = 'inline', dialect: SqlDialect = DUCKDB): SqlQuery {
  const cells = (['healthy', 'downstream', 'visible_failure', 'masked_consumed', 'masked_silent'] as const).map(
    (cell) => `${dialect.countWhere(CELL_CONDITIONS[cell])}::INTEGER AS ${cell}`,
  );
  return sql`SELECT ${rawSql(cells.join(',\n       '))}
FROM ${factsFrom(settings, source, dialect)} AS facts`;
}

export const MATRIX_ROW = specOf<MatrixRow>()({ healthy: 'number', downstream: 'number', visible_failure: 'number', masked_consumed: 'number', masked_silent: 'number' });
