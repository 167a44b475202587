import type { MetricSettings } from '../../../model/metrics/settings';
import { settingsFilter } from '../metrics/filters';
import { sql, type SqlQuery } from '../metrics/sql-query';

/**
 * metrics.md, Review and feedback: the queries behind down-votes, top `limit` by count. A
 * feedback's query is that of its `retrieval_id`, else that of the (first) retrieval in the
 * request of the response it targets; down-votes with neither count as no query and are left out.
 */
export function downVotedQueriesQuery(settings: MetricSettings, limit = 10): SqlQuery {
  return sql`
WITH request_query AS (
  SELECT request_id, arg_min(query, seq) AS query FROM retrievals
  WHERE request_id IS NOT NULL AND query IS NOT NULL GROUP BY request_id
),
down_votes AS (
  SELECT coalesce(named.query, rq.query) AS query
  FROM feedback f
  LEFT JOIN retrievals named ON named.retrieval_id = f.retrieval_id
  LEFT JOIN responses resp ON resp.event_id = f.target_event_id
  LEFT JOIN request_query rq ON rq.request_id = resp.request_id
  WHERE f.rating = 'down' AND ${settingsFilter(settings, { ts: 'f.ts', surface: 'f.surface' })}
)
SELECT query, count(*)::INTEGER AS down
FROM down_votes WHERE query IS NOT NULL
GROUP BY query
ORDER BY down DESC, query
LIMIT ${limit}`;
}
