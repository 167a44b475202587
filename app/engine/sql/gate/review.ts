import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';
import { isoWeekOf } from '../metrics/sections';

/**
 * metrics.md, Review and feedback: every `response` whose gate decision was `answer`, with its
 * ISO week and its resolved `answer_review` verdict (null when unreviewed).
 *
 * Decisions:
 * - a response's gate is the latest `gate` of the same `request_id` (and session);
 * - the verdict is resolved as every label kind is (metrics.md, Annotation agreement): the
 *   latest adjudicated label, else the majority with one vote per annotator, ties to the latest.
 */
export function answeredResponsesQuery(): SqlQuery {
  return sql`
WITH ordered AS (
  SELECT target_event_id, verdict, coalesce(adjudicated, false) AS adjudicated, annotator,
         row_number() OVER (ORDER BY ts NULLS FIRST, seq) AS label_order
  FROM labels WHERE kind = 'answer_review' AND target_event_id IS NOT NULL AND verdict IS NOT NULL
),
adjudicated AS (
  SELECT target_event_id, verdict FROM ordered WHERE adjudicated
  QUALIFY row_number() OVER (PARTITION BY target_event_id ORDER BY label_order DESC) = 1
),
one_per_annotator AS (
  SELECT * FROM ordered
  QUALIFY row_number() OVER (PARTITION BY target_event_id, annotator, CASE WHEN annotator IS NULL THEN label_order END ORDER BY label_order DESC) = 1
),
majority AS (
  SELECT target_event_id, verdict
  FROM (SELECT target_event_id, verdict, count(*) AS votes, max(label_order) AS latest FROM one_per_annotator GROUP BY ALL)
  QUALIFY row_number() OVER (PARTITION BY target_event_id ORDER BY votes DESC, latest DESC) = 1
),
gated AS (
  SELECT r.event_id, r.ts, r.session_id, r.text, g.decision
  FROM responses r JOIN gates g ON g.request_id = r.request_id AND g.session_id = r.session_id
  WHERE r.ts IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY r.seq ORDER BY g.ts DESC NULLS LAST, g.seq DESC) = 1
)
SELECT ${rawSql(isoWeekOf('a.ts'))} AS week, a.event_id, a.session_id, a.text, coalesce(j.verdict, m.verdict) AS verdict
FROM gated a
LEFT JOIN majority m ON m.target_event_id = a.event_id
LEFT JOIN adjudicated j ON j.target_event_id = a.event_id
WHERE a.decision = 'answer'
ORDER BY week, a.event_id`;
}
