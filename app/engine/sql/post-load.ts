import { actionRuleSql } from './action-rules';

/**
 * Derived tables rebuilt after every load: references that name no loaded event (warnings; the
 * event itself is kept) and one summary row per session for the sessions screen.
 */
export const REFERENCE_WARNINGS_SQL = `
CREATE OR REPLACE TABLE reference_warnings AS
WITH known(target, id) AS (
  SELECT 'retrieval', retrieval_id FROM events WHERE type = 'retrieval'
  UNION ALL SELECT 'event', event_id FROM events
  UNION ALL SELECT DISTINCT 'turn', turn_id FROM events WHERE turn_id IS NOT NULL
  UNION ALL SELECT 'question', question_id FROM events WHERE type = 'question'
  UNION ALL SELECT DISTINCT 'subquestion', subquestion_id FROM events WHERE type = 'subquestion'
  UNION ALL SELECT 'asset', asset_id FROM events WHERE type = 'asset'
),
refs(seq, file_id, line, field, ref, target) AS (
  SELECT seq, file_id, line, 'source_retrieval_id', source_retrieval_id, 'retrieval' FROM events WHERE source_retrieval_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, 'rewrite_of', rewrite_of, 'retrieval' FROM events WHERE type = 'retrieval' AND rewrite_of IS NOT NULL
  UNION ALL SELECT seq, file_id, line, 'rewrite_of', rewrite_of, 'turn' FROM events WHERE type = 'prompt' AND rewrite_of IS NOT NULL
  UNION ALL SELECT seq, file_id, line, 'retrieval_id', retrieval_id, 'retrieval' FROM events WHERE type IN ('gate', 'feedback', 'label') AND retrieval_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, 'target_event_id', target_event_id, 'event' FROM events WHERE target_event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, 'question_id', question_id, 'question' FROM events
    WHERE type IN ('subquestion', 'retrieval', 'response') AND question_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, 'subquestion_id', subquestion_id, 'subquestion' FROM events
    WHERE type = 'retrieval' AND subquestion_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, 'consumed_asset_id', consumed_asset_id, 'asset' FROM events
    WHERE type = 'action' AND consumed_asset_id IS NOT NULL AND EXISTS (SELECT 1 FROM events WHERE type = 'asset')
)
SELECT r.seq, r.file_id, f.name AS file, r.line, 'warning' AS severity, 'unknown_reference' AS reason, r.field,
       '"' || r.field || '" names ' || r.target || ' "' || r.ref || '", which no loaded event defines' AS message
FROM refs r ANTI JOIN known k ON r.target = k.target AND r.ref = k.id
LEFT JOIN files f ON f.file_id = r.file_id;
`;

export const SESSION_SUMMARY_SQL = `
CREATE OR REPLACE TABLE session_summary AS
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
WHERE session_id IS NOT NULL
GROUP BY session_id;
`;

export const POST_LOAD_SQL = REFERENCE_WARNINGS_SQL + SESSION_SUMMARY_SQL;
