import type { MetricSettings } from '../../../model/metrics/settings';
import { DUCKDB, type SqlDialect } from '../dialect';
import { CELL_CONDITIONS, factsFrom, type FactsSource } from './retrieval-facts';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import { AGGREGATE_COLUMNS, retrievalAggregates } from './tier1-tier2';
import type { TrendRow } from '../../../model/metrics/rows';
import { specOf } from '../core/row-spec';

export type TrendBucket = 'day' | 'week';

const DAY_MS = 86_400_000;

/**
 * Buckets as integers (fast to group), labelled after grouping. Epoch day 0 is a Thursday, so
 * (day + 3) / 7 counts Monday-based weeks; a week's label is its Monday's ISO week, e.g. 2026-W39.
 */
const BUCKETS: Record<TrendBucket, { index: string; label: (dialect: SqlDialect) => string }> = {
  day: { index: `floor(ts / ${DAY_MS})::BIGINT`, label: (dialect) => dialect.formatEpochMs(`bucket_index * ${DAY_MS}`, '%Y-%m-%d') },
  week: { index: `floor((ts / ${DAY_MS} + 3) / 7)::BIGINT`, label: (dialect) => dialect.formatEpochMs(`(bucket_index * 7 - 3) * ${DAY_MS}`, '%G-W%V') },
};

/** The main rates' counts per day or ISO week (UTC) of the retrieval's ts, with the masked failures: `TrendRow`s. */
export function trendQuery(settings: MetricSettings, bucket: TrendBucket, source: FactsSource = 'inline', dialect: SqlDialect = DUCKDB): SqlQuery {
  const { index, label } = BUCKETS[bucket];
  return sql`
WITH buckets AS (
  SELECT ${rawSql(index)} AS bucket_index, ${retrievalAggregates(dialect)},
         ${rawSql(dialect.countWhere(CELL_CONDITIONS.masked))}::INTEGER AS masked
  FROM ${factsFrom(settings, source, dialect)} AS facts
  GROUP BY bucket_index
)
SELECT ${rawSql(label(dialect))} AS bucket, ${rawSql(dialect.starExcept(['bucket_index']))} FROM buckets ORDER BY bucket_index`;
}

export const TREND_ROW = specOf<TrendRow>()({ bucket: 'string', masked: 'number', ...AGGREGATE_COLUMNS });
