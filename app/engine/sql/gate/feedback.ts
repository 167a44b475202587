import { scopedEvents, scopeFilter } from '../event-scope';
import { type EventScope } from '../../../model/event-scope';
import { sql, type SqlQuery } from '../core/sql-query';

/**
 * The report's feedback weeks (docs/metrics.md, Review and feedback; sections.ts `feedbackByWeekQuery`)
 * over the feedback events in `scope`: with no scope the same rows as the report's.
 */
export function feedbackByWeekInScopeQuery(scope: EventScope): SqlQuery {
  return sql`
SELECT f.scope_week AS week,
       count(*)::INTEGER AS total,
       count(*) FILTER (WHERE f.rating = 'down')::INTEGER AS down
FROM ${scopedEvents('feedback')} f
WHERE ${scopeFilter(scope, 'f')}
GROUP BY week
ORDER BY week`;
}

/**
 * docs/metrics.md, Review and feedback: the queries behind the down-votes in `scope`, top `limit` by
 * count. A feedback's query is that of its `retrieval_id`, else that of the (first) retrieval in
 * the request of the response it targets; down-votes with neither count as no query and are left out.
 */
export function downVotedQueriesQuery(scope: EventScope, limit = 10): SqlQuery {
  return sql`
WITH request_query AS (
  SELECT request_id, arg_min(query, seq) AS query FROM retrievals
  WHERE request_id IS NOT NULL AND query IS NOT NULL GROUP BY request_id
),
down_votes AS (
  SELECT coalesce(named.query, rq.query) AS query
  FROM ${scopedEvents('feedback')} f
  LEFT JOIN retrievals named ON named.retrieval_id = f.retrieval_id
  LEFT JOIN responses resp ON resp.event_id = f.target_event_id
  LEFT JOIN request_query rq ON rq.request_id = resp.request_id
  WHERE f.rating = 'down' AND ${scopeFilter(scope, 'f')}
)
SELECT query, count(*)::INTEGER AS down
FROM down_votes WHERE query IS NOT NULL
GROUP BY query
ORDER BY down DESC, query
LIMIT ${limit}`;
}

/** A query of `downVotedQueriesQuery` and its down-votes. */
export const DOWN_VOTED_ROW = { query: 'string', down: 'number' } as const;
