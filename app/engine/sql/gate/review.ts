import { labelsOfKind, resolvedLabelsSql } from '../labels';
import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';
import { isoWeekOf } from '../metrics/sections';

const ANSWER_REVIEW_VOTES = `
SELECT target_event_id, verdict, coalesce(adjudicated, false) AS adjudicated, annotator, label_order
FROM (${labelsOfKind('answer_review')}) WHERE target_event_id IS NOT NULL AND verdict IS NOT NULL`;

/**
 * metrics.md, Review and feedback: every `response` whose gate decision was `answer`, with its
 * ISO week and its resolved `answer_review` verdict (null when unreviewed), resolved as every
 * label kind is (labels.ts).
 *
 * A response's gate is the latest `gate` of the same `request_id` (and session).
 */
export function answeredResponsesQuery(): SqlQuery {
  return sql`
WITH verdicts AS (${rawSql(resolvedLabelsSql(ANSWER_REVIEW_VOTES, ['target_event_id'], ['verdict']))}),
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
