import { actionRuleSql } from './action-rules';
import { keyIn, type KeyScope } from './derived/table';

/** `session_summary`, derived after every load: one row per session for the sessions screen, from that session's events only. */
export const sessionSummarySelect = (scope: KeyScope) => `
SELECT session_id,
       arg_min(user_id, seq) FILTER (WHERE user_id IS NOT NULL) AS user_id,
       arg_min(surface, seq) FILTER (WHERE surface IS NOT NULL) AS surface,
       arg_min(run_id, seq) FILTER (WHERE run_id IS NOT NULL) AS run_id,
       min(ts) AS start_ts,
       max(ts) - min(ts) AS duration_ms,
       count(*)::INTEGER AS events,
       count(*) FILTER (WHERE type = 'prompt')::INTEGER AS prompts,
       count(*) FILTER (WHERE type = 'retrieval')::INTEGER AS retrievals,
       count(*) FILTER (WHERE type = 'action')::INTEGER AS actions,
       count(*) FILTER (WHERE type = 'action' AND ${actionRuleSql('completion')})::INTEGER AS completions
FROM events
WHERE session_id IS NOT NULL AND ${keyIn(scope, 'session_id')}
GROUP BY session_id`;
