import { resolvedAnswerReviewsSql } from '../annotation/review-report';
import { scopedEvents, scopeFilter } from '../event-scope';
import { ANY_SCOPE, type EventScope } from '../../../model/event-scope';
import type { AnsweredResponse } from '../../../model/gate/review';
import { specOf } from '../core/row-spec';
import { sql, type SqlQuery } from '../core/sql-query';

/**
 * docs/metrics.md, Review and feedback: every `response` whose gate decision was `answer`, with its
 * ISO week, its resolved `answer_review` verdict (null when unreviewed), resolved as every
 * label kind is (labels.ts; the one copy of it for answer reviews: annotation/review-report.ts),
 * and `in_scope`: whether the response is in `scope` (the sample is drawn from every answered
 * response; a scope only picks which of them a screen counts).
 *
 * A response's gate is the latest `gate` of the same `request_id` (and session).
 */
export function answeredResponsesQuery(scope: EventScope = ANY_SCOPE): SqlQuery {
  return sql`
WITH verdicts AS (${resolvedAnswerReviewsSql()}),
gated AS (
  SELECT r.event_id, r.scope_week AS week, r.session_id, r.text, ${scopeFilter(scope, 'r')} AS in_scope, g.decision
  FROM ${scopedEvents('responses')} r JOIN gates g ON g.request_id = r.request_id AND g.session_id = r.session_id
  WHERE r.ts IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY r.seq ORDER BY g.ts DESC NULLS LAST, g.seq DESC) = 1
)
SELECT a.week, a.event_id, a.session_id, a.text, v.verdict, a.in_scope
FROM gated a
LEFT JOIN verdicts v ON v.target_event_id = a.event_id
WHERE a.decision = 'answer'
ORDER BY week, a.event_id`;
}

export const ANSWERED_RESPONSE_ROW = specOf<AnsweredResponse>()({
  week: 'string', event_id: 'string', session_id: 'string|null', text: 'string|null', verdict: 'string|null', in_scope: 'boolean',
});
