import { resolvedLabelsSql } from '../labels';
import { isoWeekOf } from '../metrics/sections';
import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';
import { labelVotesSql } from './label-votes';

/**
 * The resolved `answer_review` verdict per reviewed event, as (target_event_id, verdict,
 * resolved_by, labels): the latest adjudicated verdict, else the majority of one vote per
 * annotator (labels.ts). The one resolution of answer reviews: the report and the gate screen's
 * weekly review (gate/review.ts) both read it.
 */
export const resolvedAnswerReviewsSql = () => `
SELECT item AS target_event_id, value AS verdict, resolved_by, labels
FROM (${resolvedLabelsSql(labelVotesSql('answer_review'), ['item'], ['value'])})`;

/**
 * metrics.md, "Weekly answer review": every loaded `response` (gated or not, no filters: the
 * review is of what was loaded) with a resolved verdict, counted per ISO week of the response's
 * `ts` and verdict. Unreviewed responses give no row, so a week appears only when something in
 * it was reviewed (model/annotation/review-report.ts).
 */
export function reviewVerdictsQuery(): SqlQuery {
  return sql`
WITH verdicts AS (${rawSql(resolvedAnswerReviewsSql())})
SELECT ${rawSql(isoWeekOf('r.ts'))} AS week, v.verdict, count(*)::INTEGER AS n
FROM responses r JOIN verdicts v ON v.target_event_id = r.event_id
WHERE r.ts IS NOT NULL
GROUP BY ALL
ORDER BY week, v.verdict`;
}
