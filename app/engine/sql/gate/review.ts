import { resolvedAnswerReviewsSql } from '../annotation/review-report';
import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';
import { isoWeekOf } from '../metrics/sections';

/**
 * metrics.md, Review and feedback: every `response` whose gate decision was `answer`, with its
 * ISO week and its resolved `answer_review` verdict (null when unreviewed), resolved as every
 * label kind is (labels.ts; the one copy of it for answer reviews: annotation/review-report.ts).
 *
 * A response's gate is the latest `gate` of the same `request_id` (and session).
 */
export function answeredResponsesQuery(): SqlQuery {
  return sql`
WITH verdicts AS (${rawSql(resolvedAnswerReviewsSql())}),
gated AS (
  SELECT r.event_id, r.ts, r.session_id, r.text, g.decision
  FROM responses r JOIN gates g ON g.request_id = r.request_id AND g.session_id = r.session_id
  WHERE r.ts IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY r.seq ORDER BY g.ts DESC NULLS LAST, g.seq DESC) = 1
)
SELECT ${rawSql(isoWeekOf('a.ts'))} AS week, a.event_id, a.session_id, a.text, v.verdict
FROM gated a
LEFT JOIN verdicts v ON v.target_event_id = a.event_id
WHERE a.decision = 'answer'
ORDER BY week, a.event_id`;
}
