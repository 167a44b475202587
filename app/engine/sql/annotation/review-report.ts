import { scopedEvents, scopeFilter } from '../event-scope';
import { ANY_SCOPE, isAnyScope, type EventScope } from '../../../model/event-scope';
import { DUCKDB, type SqlDialect } from '../dialect';
import { resolvedLabelsSql } from '../labels';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import type { ReviewVerdictRow } from '../../../model/annotation/review-report';
import { specOf } from '../core/row-spec';
import { labelVotesSql } from './label-votes';

/**
 * The resolved `answer_review` verdict per reviewed event, as (target_event_id, verdict,
 * resolved_by, labels): the latest adjudicated verdict, else the majority of one vote per
 * annotator (labels.ts). The one resolution of answer reviews: the report and the gate screen's
 * weekly review (gate/review.ts) both read it.
 */
export const resolvedAnswerReviewsSql = (dialect: SqlDialect = DUCKDB): SqlQuery => sql`
SELECT item AS target_event_id, value AS verdict, resolved_by, labels
FROM (${rawSql(resolvedLabelsSql(labelVotesSql('answer_review'), ['item'], ['value'], dialect))})`;

/**
 * docs/metrics.md, "Weekly answer review": every loaded `response` (gated or not, no filters: the
 * review is of what was loaded) with a resolved verdict, counted per ISO week of the response's
 * `ts` and verdict. Unreviewed responses give no row, so a week appears only when something in
 * it was reviewed (model/annotation/review-report.ts). The gate screen narrows it to the
 * responses in a `scope` (event-scope.ts); the report takes every response.
 */
export function reviewVerdictsQuery(scope: EventScope = ANY_SCOPE, dialect: SqlDialect = DUCKDB): SqlQuery {
  // Without a scope no response needs its category, so the plain view is read.
  const responses = isAnyScope(scope) ? sql`(SELECT *, ${rawSql(dialect.isoWeek('ts'))} AS scope_week FROM responses)` : scopedEvents('responses', dialect);
  return sql`
WITH verdicts AS (${resolvedAnswerReviewsSql(dialect)})
SELECT r.scope_week AS week, ${rawSql(dialect.column('v', 'verdict'))}, count(*)::INTEGER AS n
FROM ${responses} r JOIN verdicts v ON v.target_event_id = r.event_id
WHERE r.ts IS NOT NULL AND ${scopeFilter(scope, 'r')}
GROUP BY ALL
ORDER BY week, v.verdict`;
}

export const REVIEW_VERDICT_ROW = specOf<ReviewVerdictRow>()({ week: 'string', verdict: 'string', n: 'number' });
