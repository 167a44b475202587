/**
 * The SQL of every derived table as it was before the derived-table rewrite of issue 12 (DuckDB,
 * HEAD 0199cc1), kept only to show that the rewritten definitions give the same rows
 * (derived-sql-rewrite.test.ts, bench/derived-tables.ts). `scoped` reads its keys from
 * `__scope_keys__`. Generated, not edited.
 */
export const DERIVED_SQL_BEFORE_REWRITE: Record<string, { full: string; scoped: string | null }> = {
  reference_warnings: {
    full: `
WITH RECURSIVE refs(seq, file_id, line, field, ref, target) AS  (
  SELECT seq, file_id, line, 'source_retrieval_id', source_retrieval_id, 'retrieval' FROM "events_action"
    WHERE source_retrieval_id IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'rewrite_of', rewrite_of, 'retrieval' FROM "events_retrieval"
    WHERE rewrite_of IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'rewrite_of', rewrite_of, 'turn' FROM "events_prompt"
    WHERE rewrite_of IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'retrieval_id', retrieval_id, 'retrieval' FROM "events_gate"
    WHERE retrieval_id IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'retrieval_id', retrieval_id, 'retrieval' FROM "events_feedback"
    WHERE retrieval_id IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'retrieval_id', retrieval_id, 'retrieval' FROM "events_label"
    WHERE retrieval_id IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'target_event_id', target_event_id, 'event' FROM "events_feedback"
    WHERE target_event_id IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'target_event_id', target_event_id, 'event' FROM "events_label"
    WHERE target_event_id IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'question_id', question_id, 'question' FROM "events_subquestion"
    WHERE question_id IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'question_id', question_id, 'question' FROM "events_retrieval"
    WHERE question_id IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'question_id', question_id, 'question' FROM "events_response"
    WHERE question_id IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'subquestion_id', subquestion_id, 'subquestion' FROM "events_retrieval"
    WHERE subquestion_id IS NOT NULL AND TRUE AND TRUE
  UNION ALL SELECT seq, file_id, line, 'consumed_asset_id', consumed_asset_id, 'asset' FROM "events_action"
    WHERE consumed_asset_id IS NOT NULL AND EXISTS (SELECT 1 FROM "events_asset") AND TRUE
),
ids(seq, file_id, line, event_id) AS (
  SELECT seq, file_id, line, event_id FROM "events_prompt" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_route" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_retrieval" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_action" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_response" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_gate" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_feedback" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_subquestion" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_question" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_asset" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_label" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_eval_case" WHERE event_id IS NOT NULL
),
firsts AS (
  SELECT event_id, min(seq) AS seq FROM ids
  WHERE TRUE
  GROUP BY event_id HAVING count(*) > 1
),
-- A rewrite_of chain that comes back to where it started: warned once, on the event with the
-- latest seq in the loop (the one that closed it, also when loads add the loop's events one by one).
rewrite_steps(kind, seq, id, next) AS (
  SELECT 'retrieval', seq, retrieval_id, rewrite_of FROM "events_retrieval" WHERE rewrite_of IS NOT NULL
  UNION ALL SELECT 'turn', seq, turn_id, rewrite_of FROM "events_prompt" WHERE rewrite_of IS NOT NULL AND turn_id IS NOT NULL
),
rewrite_walk(kind, start_seq, start_id, id, latest_seq, steps) AS (
  SELECT kind, seq, id, next, seq, 1 FROM rewrite_steps WHERE TRUE
  UNION ALL
  SELECT w.kind, w.start_seq, w.start_id, s.next, greatest(w.latest_seq, s.seq), w.steps + 1
  FROM rewrite_walk w JOIN rewrite_steps s ON s.kind = w.kind AND s.id = w.id
  WHERE w.id <> w.start_id AND w.steps < 100
),
rewrite_loops AS (
  SELECT kind, start_seq AS seq, start_id, min(steps) AS steps FROM rewrite_walk
  WHERE id = start_id AND latest_seq = start_seq GROUP BY ALL
),
known(target, id) AS (
  SELECT DISTINCT target, id FROM (
    SELECT 'retrieval', retrieval_id FROM "events_retrieval"
    UNION ALL SELECT 'event', event_id FROM "events_prompt"
  UNION ALL SELECT 'event', event_id FROM "events_route"
  UNION ALL SELECT 'event', event_id FROM "events_retrieval"
  UNION ALL SELECT 'event', event_id FROM "events_action"
  UNION ALL SELECT 'event', event_id FROM "events_response"
  UNION ALL SELECT 'event', event_id FROM "events_gate"
  UNION ALL SELECT 'event', event_id FROM "events_feedback"
  UNION ALL SELECT 'event', event_id FROM "events_subquestion"
  UNION ALL SELECT 'event', event_id FROM "events_question"
  UNION ALL SELECT 'event', event_id FROM "events_asset"
  UNION ALL SELECT 'event', event_id FROM "events_label"
  UNION ALL SELECT 'event', event_id FROM "events_eval_case"
    UNION ALL SELECT 'turn', turn_id FROM "events_prompt"
  UNION ALL SELECT 'turn', turn_id FROM "events_route"
  UNION ALL SELECT 'turn', turn_id FROM "events_retrieval"
  UNION ALL SELECT 'turn', turn_id FROM "events_action"
  UNION ALL SELECT 'turn', turn_id FROM "events_response"
  UNION ALL SELECT 'turn', turn_id FROM "events_gate"
  UNION ALL SELECT 'turn', turn_id FROM "events_feedback"
  UNION ALL SELECT 'turn', turn_id FROM "events_subquestion"
  UNION ALL SELECT 'turn', turn_id FROM "events_question"
  UNION ALL SELECT 'turn', turn_id FROM "events_asset"
  UNION ALL SELECT 'turn', turn_id FROM "events_label"
  UNION ALL SELECT 'turn', turn_id FROM "events_eval_case"
    UNION ALL SELECT 'question', question_id FROM "events_question"
    UNION ALL SELECT 'subquestion', subquestion_id FROM "events_subquestion"
    UNION ALL SELECT 'asset', asset_id FROM "events_asset"
  ) AS ids(target, id)
  -- Only ids some reference names: a DISTINCT of every loaded id (1.5M at 1M events) nearly doubles the query.
  WHERE id IS NOT NULL AND id IN (SELECT ref FROM refs)
)
SELECT r.seq, r.file_id, f.name AS file, r.line, 'warning' AS severity, 'unknown_reference' AS reason, r.field,
       '"' || r.field || '" names ' || r.target || ' "' || r.ref || '", which no loaded event defines' AS message,
       r.target, r.ref
FROM refs r ANTI JOIN known k ON r.target = k.target AND r.ref = k.id
LEFT JOIN files f ON f.file_id = r.file_id
UNION ALL
SELECT l.seq, e.file_id, f.name AS file, e.line, 'warning' AS severity, 'rewrite_cycle' AS reason, 'rewrite_of' AS field,
       '"rewrite_of" leads back to ' || l.kind || ' "' || l.start_id || '" itself after ' || l.steps || (CASE WHEN l.steps = 1 THEN ' step' ELSE ' steps' END) || ': its rewrites form a loop' AS message,
       'cycle' AS target, l.start_id AS ref
FROM rewrite_loops l
JOIN (SELECT seq, file_id, line FROM "events_retrieval"
  UNION ALL SELECT seq, file_id, line FROM "events_prompt") e ON e.seq = l.seq
LEFT JOIN files f ON f.file_id = e.file_id
UNION ALL
-- An event_id given twice (log-format.md: unique): the later events are flagged, the first stands.
-- An id the ingest derived (file:line) repeats only when two files share a name, which is no fault of the log.
SELECT i.seq, i.file_id, f.name AS file, i.line, 'warning' AS severity, 'duplicate_event_id' AS reason, 'event_id' AS field,
       '"event_id" "' || i.event_id || '" was already given to the event at ' || coalesce(ff.name, 'file #' || o.file_id) || ':' || o.line AS message,
       'duplicate' AS target, i.event_id AS ref
FROM ids i JOIN firsts d ON d.event_id = i.event_id AND i.seq > d.seq
JOIN ids o ON o.seq = d.seq
LEFT JOIN files f ON f.file_id = i.file_id
LEFT JOIN files ff ON ff.file_id = o.file_id
WHERE TRUE AND i.event_id <> coalesce(f.name, '') || ':' || i.line`,
    scoped: `
WITH RECURSIVE refs(seq, file_id, line, field, ref, target) AS MATERIALIZED (
  SELECT seq, file_id, line, 'source_retrieval_id', source_retrieval_id, 'retrieval' FROM "events_action"
    WHERE source_retrieval_id IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'rewrite_of', rewrite_of, 'retrieval' FROM "events_retrieval"
    WHERE rewrite_of IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'rewrite_of', rewrite_of, 'turn' FROM "events_prompt"
    WHERE rewrite_of IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'retrieval_id', retrieval_id, 'retrieval' FROM "events_gate"
    WHERE retrieval_id IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'retrieval_id', retrieval_id, 'retrieval' FROM "events_feedback"
    WHERE retrieval_id IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'retrieval_id', retrieval_id, 'retrieval' FROM "events_label"
    WHERE retrieval_id IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'target_event_id', target_event_id, 'event' FROM "events_feedback"
    WHERE target_event_id IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'target_event_id', target_event_id, 'event' FROM "events_label"
    WHERE target_event_id IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'question_id', question_id, 'question' FROM "events_subquestion"
    WHERE question_id IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'question_id', question_id, 'question' FROM "events_retrieval"
    WHERE question_id IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'question_id', question_id, 'question' FROM "events_response"
    WHERE question_id IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'subquestion_id', subquestion_id, 'subquestion' FROM "events_retrieval"
    WHERE subquestion_id IS NOT NULL AND TRUE AND (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL SELECT seq, file_id, line, 'consumed_asset_id', consumed_asset_id, 'asset' FROM "events_action"
    WHERE consumed_asset_id IS NOT NULL AND EXISTS (SELECT 1 FROM "events_asset") AND (seq) IN (SELECT seq FROM __scope_keys__)
),
ids(seq, file_id, line, event_id) AS (
  SELECT seq, file_id, line, event_id FROM "events_prompt" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_route" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_retrieval" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_action" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_response" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_gate" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_feedback" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_subquestion" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_question" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_asset" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_label" WHERE event_id IS NOT NULL
  UNION ALL SELECT seq, file_id, line, event_id FROM "events_eval_case" WHERE event_id IS NOT NULL
),
firsts AS (
  SELECT event_id, min(seq) AS seq FROM ids
  WHERE event_id IN (SELECT event_id FROM ids WHERE (seq) IN (SELECT seq FROM __scope_keys__))
  GROUP BY event_id HAVING count(*) > 1
),
-- A rewrite_of chain that comes back to where it started: warned once, on the event with the
-- latest seq in the loop (the one that closed it, also when loads add the loop's events one by one).
rewrite_steps(kind, seq, id, next) AS (
  SELECT 'retrieval', seq, retrieval_id, rewrite_of FROM "events_retrieval" WHERE rewrite_of IS NOT NULL
  UNION ALL SELECT 'turn', seq, turn_id, rewrite_of FROM "events_prompt" WHERE rewrite_of IS NOT NULL AND turn_id IS NOT NULL
),
rewrite_walk(kind, start_seq, start_id, id, latest_seq, steps) AS (
  SELECT kind, seq, id, next, seq, 1 FROM rewrite_steps WHERE (seq) IN (SELECT seq FROM __scope_keys__)
  UNION ALL
  SELECT w.kind, w.start_seq, w.start_id, s.next, greatest(w.latest_seq, s.seq), w.steps + 1
  FROM rewrite_walk w JOIN rewrite_steps s ON s.kind = w.kind AND s.id = w.id
  WHERE w.id <> w.start_id AND w.steps < 100
),
rewrite_loops AS (
  SELECT kind, start_seq AS seq, start_id, min(steps) AS steps FROM rewrite_walk
  WHERE id = start_id AND latest_seq = start_seq GROUP BY ALL
),
known(target, id) AS (
  SELECT DISTINCT target, id FROM (
    SELECT 'retrieval', retrieval_id FROM "events_retrieval"
    UNION ALL SELECT 'event', event_id FROM "events_prompt"
  UNION ALL SELECT 'event', event_id FROM "events_route"
  UNION ALL SELECT 'event', event_id FROM "events_retrieval"
  UNION ALL SELECT 'event', event_id FROM "events_action"
  UNION ALL SELECT 'event', event_id FROM "events_response"
  UNION ALL SELECT 'event', event_id FROM "events_gate"
  UNION ALL SELECT 'event', event_id FROM "events_feedback"
  UNION ALL SELECT 'event', event_id FROM "events_subquestion"
  UNION ALL SELECT 'event', event_id FROM "events_question"
  UNION ALL SELECT 'event', event_id FROM "events_asset"
  UNION ALL SELECT 'event', event_id FROM "events_label"
  UNION ALL SELECT 'event', event_id FROM "events_eval_case"
    UNION ALL SELECT 'turn', turn_id FROM "events_prompt"
  UNION ALL SELECT 'turn', turn_id FROM "events_route"
  UNION ALL SELECT 'turn', turn_id FROM "events_retrieval"
  UNION ALL SELECT 'turn', turn_id FROM "events_action"
  UNION ALL SELECT 'turn', turn_id FROM "events_response"
  UNION ALL SELECT 'turn', turn_id FROM "events_gate"
  UNION ALL SELECT 'turn', turn_id FROM "events_feedback"
  UNION ALL SELECT 'turn', turn_id FROM "events_subquestion"
  UNION ALL SELECT 'turn', turn_id FROM "events_question"
  UNION ALL SELECT 'turn', turn_id FROM "events_asset"
  UNION ALL SELECT 'turn', turn_id FROM "events_label"
  UNION ALL SELECT 'turn', turn_id FROM "events_eval_case"
    UNION ALL SELECT 'question', question_id FROM "events_question"
    UNION ALL SELECT 'subquestion', subquestion_id FROM "events_subquestion"
    UNION ALL SELECT 'asset', asset_id FROM "events_asset"
  ) AS ids(target, id)
  -- Only ids some reference names: a DISTINCT of every loaded id (1.5M at 1M events) nearly doubles the query.
  WHERE id IS NOT NULL AND id IN (SELECT ref FROM refs)
)
SELECT r.seq, r.file_id, f.name AS file, r.line, 'warning' AS severity, 'unknown_reference' AS reason, r.field,
       '"' || r.field || '" names ' || r.target || ' "' || r.ref || '", which no loaded event defines' AS message,
       r.target, r.ref
FROM refs r ANTI JOIN known k ON r.target = k.target AND r.ref = k.id
LEFT JOIN files f ON f.file_id = r.file_id
UNION ALL
SELECT l.seq, e.file_id, f.name AS file, e.line, 'warning' AS severity, 'rewrite_cycle' AS reason, 'rewrite_of' AS field,
       '"rewrite_of" leads back to ' || l.kind || ' "' || l.start_id || '" itself after ' || l.steps || (CASE WHEN l.steps = 1 THEN ' step' ELSE ' steps' END) || ': its rewrites form a loop' AS message,
       'cycle' AS target, l.start_id AS ref
FROM rewrite_loops l
JOIN (SELECT seq, file_id, line FROM "events_retrieval"
  UNION ALL SELECT seq, file_id, line FROM "events_prompt") e ON e.seq = l.seq
LEFT JOIN files f ON f.file_id = e.file_id
UNION ALL
-- An event_id given twice (log-format.md: unique): the later events are flagged, the first stands.
-- An id the ingest derived (file:line) repeats only when two files share a name, which is no fault of the log.
SELECT i.seq, i.file_id, f.name AS file, i.line, 'warning' AS severity, 'duplicate_event_id' AS reason, 'event_id' AS field,
       '"event_id" "' || i.event_id || '" was already given to the event at ' || coalesce(ff.name, 'file #' || o.file_id) || ':' || o.line AS message,
       'duplicate' AS target, i.event_id AS ref
FROM ids i JOIN firsts d ON d.event_id = i.event_id AND i.seq > d.seq
JOIN ids o ON o.seq = d.seq
LEFT JOIN files f ON f.file_id = i.file_id
LEFT JOIN files ff ON ff.file_id = o.file_id
WHERE (i.seq) IN (SELECT seq FROM __scope_keys__) AND i.event_id <> coalesce(f.name, '') || ':' || i.line`,
  },
  session_summary: {
    full: `
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
       count(*) FILTER (WHERE type = 'action' AND (actor = 'user' AND action IN ('export', 'share', 'download')))::INTEGER AS completions,
       bit_or(CASE type WHEN 'prompt' THEN 1 WHEN 'route' THEN 2 WHEN 'retrieval' THEN 4 WHEN 'action' THEN 8 WHEN 'response' THEN 16 WHEN 'gate' THEN 32 WHEN 'feedback' THEN 64 WHEN 'subquestion' THEN 128 WHEN 'question' THEN 256 WHEN 'asset' THEN 512 WHEN 'label' THEN 1024 WHEN 'eval_case' THEN 2048 END)::INTEGER AS event_type_bits,
       min(seq) AS min_seq,
       max(seq) AS max_seq
FROM events
WHERE session_id IS NOT NULL AND TRUE
GROUP BY session_id`,
    scoped: `
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
       count(*) FILTER (WHERE type = 'action' AND (actor = 'user' AND action IN ('export', 'share', 'download')))::INTEGER AS completions,
       bit_or(CASE type WHEN 'prompt' THEN 1 WHEN 'route' THEN 2 WHEN 'retrieval' THEN 4 WHEN 'action' THEN 8 WHEN 'response' THEN 16 WHEN 'gate' THEN 32 WHEN 'feedback' THEN 64 WHEN 'subquestion' THEN 128 WHEN 'question' THEN 256 WHEN 'asset' THEN 512 WHEN 'label' THEN 1024 WHEN 'eval_case' THEN 2048 END)::INTEGER AS event_type_bits,
       min(seq) AS min_seq,
       max(seq) AS max_seq
FROM events
WHERE session_id IS NOT NULL AND (session_id) IN (SELECT session_id FROM __scope_keys__)
GROUP BY session_id`,
  },
  action_lineage: {
    full: `
WITH ordered AS (
  SELECT event_id, seq, ts, session_id, user_id, request_id, turn_id, surface, actor, action, consumed_asset_id,
         source_retrieval_id,
         CASE WHEN user_id IS NULL THEN 'session' ELSE 'user' END AS match_kind,
         coalesce(user_id, session_id) AS match_value,
         row_number() OVER (ORDER BY ts, seq) AS lineage_order
  FROM actions
),
places AS (
  SELECT * FROM ordered WHERE action = 'place' AND consumed_asset_id IS NOT NULL
),
-- a place is found by its user (when it has one) and by its session
given_place_index AS (
  SELECT 'user' AS match_kind, user_id AS match_value, consumed_asset_id, lineage_order, source_retrieval_id AS source
  FROM places WHERE source_retrieval_id IS NOT NULL AND user_id IS NOT NULL
  UNION ALL
  SELECT 'session', session_id, consumed_asset_id, lineage_order, source_retrieval_id
  FROM places WHERE source_retrieval_id IS NOT NULL
),
place_sources AS (
  SELECT p.event_id, p.session_id, p.user_id, p.consumed_asset_id, p.lineage_order,
         coalesce(p.source_retrieval_id, g.source) AS source
  FROM places p ASOF LEFT JOIN given_place_index g
    ON g.match_kind = p.match_kind AND g.match_value = p.match_value
   AND g.consumed_asset_id = p.consumed_asset_id AND g.lineage_order < p.lineage_order
),
place_index AS (
  SELECT 'user' AS match_kind, user_id AS match_value, consumed_asset_id, lineage_order, source, event_id
  FROM place_sources WHERE source IS NOT NULL AND user_id IS NOT NULL
  UNION ALL
  SELECT 'session', session_id, consumed_asset_id, lineage_order, source, event_id
  FROM place_sources WHERE source IS NOT NULL
)
SELECT a.event_id, a.seq, a.ts, a.session_id, a.user_id, a.request_id, a.turn_id, a.surface, a.actor, a.action,
       a.consumed_asset_id, a.source_retrieval_id,
       coalesce(a.source_retrieval_id, p.source) AS effective_source_retrieval_id,
       a.source_retrieval_id IS NULL AND p.source IS NOT NULL AS inherited,
       CASE WHEN a.source_retrieval_id IS NULL THEN p.event_id END AS inherited_from_event_id
FROM ordered a ASOF LEFT JOIN place_index p
  ON p.match_kind = a.match_kind AND p.match_value = a.match_value
 AND p.consumed_asset_id = a.consumed_asset_id AND p.lineage_order < a.lineage_order
ORDER BY a.seq`,
    scoped: null,
  },
  resolved_relevance: {
    full: `
WITH votes AS (WITH ordered AS (SELECT *, row_number() OVER (ORDER BY ts NULLS FIRST, seq) AS label_order FROM labels WHERE kind = 'relevance' AND TRUE)
   SELECT retrieval_id, asset_id, grade::INTEGER AS grade, coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM ordered WHERE retrieval_id IS NOT NULL
   UNION ALL
   SELECT r.retrieval_id, l.asset_id, l.grade::INTEGER, coalesce(l.adjudicated, false), l.annotator, l.label_order
   FROM ordered l JOIN retrievals r ON r.query = l.query
   WHERE l.retrieval_id IS NULL AND TRUE),
adjudicated AS (
  SELECT retrieval_id, asset_id, grade, label_order FROM votes WHERE adjudicated
  QUALIFY row_number() OVER (PARTITION BY retrieval_id, asset_id ORDER BY label_order DESC) = 1
),
one_per_annotator AS (
  SELECT * FROM votes
  QUALIFY row_number() OVER (
    PARTITION BY retrieval_id, asset_id, annotator, CASE WHEN annotator IS NULL THEN label_order END ORDER BY label_order DESC) = 1
),
tallies AS (
  SELECT retrieval_id, asset_id, grade, count(*) AS votes, max(label_order) AS latest FROM one_per_annotator GROUP BY ALL
),
majority AS (
  SELECT retrieval_id, asset_id, grade, votes FROM tallies
  QUALIFY row_number() OVER (PARTITION BY retrieval_id, asset_id ORDER BY votes DESC, latest DESC) = 1
),
label_counts AS (SELECT retrieval_id, asset_id, count(*) AS labels FROM votes GROUP BY ALL)
SELECT c.retrieval_id, c.asset_id, coalesce(a.grade, m.grade) AS grade,
       CASE WHEN a.label_order IS NOT NULL THEN 'adjudicated' ELSE 'majority' END AS resolved_by,
       c.labels::INTEGER AS labels
FROM label_counts c
LEFT JOIN adjudicated a USING (retrieval_id, asset_id)
LEFT JOIN majority m USING (retrieval_id, asset_id)`,
    scoped: `
WITH votes AS (WITH ordered AS (SELECT *, row_number() OVER (ORDER BY ts NULLS FIRST, seq) AS label_order FROM labels WHERE kind = 'relevance' AND (asset_id) IN (SELECT asset_id FROM __scope_keys__))
   SELECT retrieval_id, asset_id, grade::INTEGER AS grade, coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM ordered WHERE retrieval_id IS NOT NULL
   UNION ALL
   SELECT r.retrieval_id, l.asset_id, l.grade::INTEGER, coalesce(l.adjudicated, false), l.annotator, l.label_order
   FROM ordered l JOIN retrievals r ON r.query = l.query
   WHERE l.retrieval_id IS NULL AND (r.retrieval_id) IN (SELECT retrieval_id FROM __scope_keys__)),
adjudicated AS (
  SELECT retrieval_id, asset_id, grade, label_order FROM votes WHERE adjudicated
  QUALIFY row_number() OVER (PARTITION BY retrieval_id, asset_id ORDER BY label_order DESC) = 1
),
one_per_annotator AS (
  SELECT * FROM votes
  QUALIFY row_number() OVER (
    PARTITION BY retrieval_id, asset_id, annotator, CASE WHEN annotator IS NULL THEN label_order END ORDER BY label_order DESC) = 1
),
tallies AS (
  SELECT retrieval_id, asset_id, grade, count(*) AS votes, max(label_order) AS latest FROM one_per_annotator GROUP BY ALL
),
majority AS (
  SELECT retrieval_id, asset_id, grade, votes FROM tallies
  QUALIFY row_number() OVER (PARTITION BY retrieval_id, asset_id ORDER BY votes DESC, latest DESC) = 1
),
label_counts AS (SELECT retrieval_id, asset_id, count(*) AS labels FROM votes GROUP BY ALL)
SELECT c.retrieval_id, c.asset_id, coalesce(a.grade, m.grade) AS grade,
       CASE WHEN a.label_order IS NOT NULL THEN 'adjudicated' ELSE 'majority' END AS resolved_by,
       c.labels::INTEGER AS labels
FROM label_counts c
LEFT JOIN adjudicated a USING (retrieval_id, asset_id)
LEFT JOIN majority m USING (retrieval_id, asset_id)`,
  },
  resolved_roles: {
    full: `
WITH votes AS (SELECT retrieval_id, role, coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM (SELECT *, row_number() OVER (ORDER BY ts NULLS FIRST, seq) AS label_order FROM labels WHERE kind = 'role' AND TRUE)),
adjudicated AS (
  SELECT retrieval_id, role, label_order FROM votes WHERE adjudicated
  QUALIFY row_number() OVER (PARTITION BY retrieval_id ORDER BY label_order DESC) = 1
),
one_per_annotator AS (
  SELECT * FROM votes
  QUALIFY row_number() OVER (
    PARTITION BY retrieval_id, annotator, CASE WHEN annotator IS NULL THEN label_order END ORDER BY label_order DESC) = 1
),
tallies AS (
  SELECT retrieval_id, role, count(*) AS votes, max(label_order) AS latest FROM one_per_annotator GROUP BY ALL
),
majority AS (
  SELECT retrieval_id, role, votes FROM tallies
  QUALIFY row_number() OVER (PARTITION BY retrieval_id ORDER BY votes DESC, latest DESC) = 1
),
label_counts AS (SELECT retrieval_id, count(*) AS labels FROM votes GROUP BY ALL)
SELECT c.retrieval_id, coalesce(a.role, m.role) AS role,
       CASE WHEN a.label_order IS NOT NULL THEN 'adjudicated' ELSE 'majority' END AS resolved_by,
       c.labels::INTEGER AS labels
FROM label_counts c
LEFT JOIN adjudicated a USING (retrieval_id)
LEFT JOIN majority m USING (retrieval_id)`,
    scoped: `
WITH votes AS (SELECT retrieval_id, role, coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM (SELECT *, row_number() OVER (ORDER BY ts NULLS FIRST, seq) AS label_order FROM labels WHERE kind = 'role' AND (retrieval_id) IN (SELECT retrieval_id FROM __scope_keys__))),
adjudicated AS (
  SELECT retrieval_id, role, label_order FROM votes WHERE adjudicated
  QUALIFY row_number() OVER (PARTITION BY retrieval_id ORDER BY label_order DESC) = 1
),
one_per_annotator AS (
  SELECT * FROM votes
  QUALIFY row_number() OVER (
    PARTITION BY retrieval_id, annotator, CASE WHEN annotator IS NULL THEN label_order END ORDER BY label_order DESC) = 1
),
tallies AS (
  SELECT retrieval_id, role, count(*) AS votes, max(label_order) AS latest FROM one_per_annotator GROUP BY ALL
),
majority AS (
  SELECT retrieval_id, role, votes FROM tallies
  QUALIFY row_number() OVER (PARTITION BY retrieval_id ORDER BY votes DESC, latest DESC) = 1
),
label_counts AS (SELECT retrieval_id, count(*) AS labels FROM votes GROUP BY ALL)
SELECT c.retrieval_id, coalesce(a.role, m.role) AS role,
       CASE WHEN a.label_order IS NOT NULL THEN 'adjudicated' ELSE 'majority' END AS resolved_by,
       c.labels::INTEGER AS labels
FROM label_counts c
LEFT JOIN adjudicated a USING (retrieval_id)
LEFT JOIN majority m USING (retrieval_id)`,
  },
  resolved_intents: {
    full: `
WITH votes AS (SELECT turn_id, retrieval_intent, list_sort(list_distinct(coalesce(intents, []::VARCHAR[]))) AS intents,
          coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM (SELECT *, row_number() OVER (ORDER BY ts NULLS FIRST, seq) AS label_order FROM labels WHERE kind = 'intent' AND TRUE)),
adjudicated AS (
  SELECT turn_id, retrieval_intent, intents, label_order FROM votes WHERE adjudicated
  QUALIFY row_number() OVER (PARTITION BY turn_id ORDER BY label_order DESC) = 1
),
one_per_annotator AS (
  SELECT * FROM votes
  QUALIFY row_number() OVER (
    PARTITION BY turn_id, annotator, CASE WHEN annotator IS NULL THEN label_order END ORDER BY label_order DESC) = 1
),
tallies AS (
  SELECT turn_id, retrieval_intent, intents, count(*) AS votes, max(label_order) AS latest FROM one_per_annotator GROUP BY ALL
),
majority AS (
  SELECT turn_id, retrieval_intent, intents, votes FROM tallies
  QUALIFY row_number() OVER (PARTITION BY turn_id ORDER BY votes DESC, latest DESC) = 1
),
label_counts AS (SELECT turn_id, count(*) AS labels FROM votes GROUP BY ALL)
SELECT c.turn_id, coalesce(a.retrieval_intent, m.retrieval_intent) AS retrieval_intent, coalesce(a.intents, m.intents) AS intents,
       CASE WHEN a.label_order IS NOT NULL THEN 'adjudicated' ELSE 'majority' END AS resolved_by,
       c.labels::INTEGER AS labels
FROM label_counts c
LEFT JOIN adjudicated a USING (turn_id)
LEFT JOIN majority m USING (turn_id)`,
    scoped: `
WITH votes AS (SELECT turn_id, retrieval_intent, list_sort(list_distinct(coalesce(intents, []::VARCHAR[]))) AS intents,
          coalesce(adjudicated, false) AS adjudicated, annotator, label_order
   FROM (SELECT *, row_number() OVER (ORDER BY ts NULLS FIRST, seq) AS label_order FROM labels WHERE kind = 'intent' AND (turn_id) IN (SELECT turn_id FROM __scope_keys__))),
adjudicated AS (
  SELECT turn_id, retrieval_intent, intents, label_order FROM votes WHERE adjudicated
  QUALIFY row_number() OVER (PARTITION BY turn_id ORDER BY label_order DESC) = 1
),
one_per_annotator AS (
  SELECT * FROM votes
  QUALIFY row_number() OVER (
    PARTITION BY turn_id, annotator, CASE WHEN annotator IS NULL THEN label_order END ORDER BY label_order DESC) = 1
),
tallies AS (
  SELECT turn_id, retrieval_intent, intents, count(*) AS votes, max(label_order) AS latest FROM one_per_annotator GROUP BY ALL
),
majority AS (
  SELECT turn_id, retrieval_intent, intents, votes FROM tallies
  QUALIFY row_number() OVER (PARTITION BY turn_id ORDER BY votes DESC, latest DESC) = 1
),
label_counts AS (SELECT turn_id, count(*) AS labels FROM votes GROUP BY ALL)
SELECT c.turn_id, coalesce(a.retrieval_intent, m.retrieval_intent) AS retrieval_intent, coalesce(a.intents, m.intents) AS intents,
       CASE WHEN a.label_order IS NOT NULL THEN 'adjudicated' ELSE 'majority' END AS resolved_by,
       c.labels::INTEGER AS labels
FROM label_counts c
LEFT JOIN adjudicated a USING (turn_id)
LEFT JOIN majority m USING (turn_id)`,
  },
  retrieval_base: {
    full: `
WITH 
judged_relevance AS (SELECT * FROM resolved_relevance WHERE TRUE),
positions AS (
  SELECT r.retrieval_id, unnest(r.returned_asset_ids) AS asset_id, generate_subscripts(r.returned_asset_ids, 1) AS position
  FROM retrievals r SEMI JOIN judged_relevance j ON j.retrieval_id = r.retrieval_id
),
ranks AS (
  SELECT retrieval_id, asset_id, row_number() OVER (PARTITION BY retrieval_id ORDER BY min(position)) AS rank
  FROM positions GROUP BY retrieval_id, asset_id
),
relevant_returned AS (
  SELECT k.retrieval_id, list(k.rank::INTEGER ORDER BY k.rank) AS relevant_ranks, list(l.grade ORDER BY k.rank) AS relevant_grades
  FROM ranks k JOIN judged_relevance l USING (retrieval_id, asset_id)
  WHERE l.grade >= 1
  GROUP BY k.retrieval_id
),
judgments AS (
  SELECT retrieval_id, list(grade ORDER BY grade DESC) FILTER (WHERE grade >= 1) AS ideal_grades
  FROM judged_relevance GROUP BY retrieval_id
),
lineage_signals AS (
  SELECT a.effective_source_retrieval_id AS retrieval_id,
         list(DISTINCT a.action ORDER BY a.action) FILTER (WHERE a.actor = 'user') AS user_actions,
         bool_or(a.actor = 'agent' AND a.request_id = r.request_id) AS acr,
         bool_or((a.actor = 'user' AND a.action IN ('complain', 'reject'))) AS orf_complaint,
         bool_or((a.actor = 'user' AND a.action IN ('export', 'share', 'download'))) AS led_to_completion
  FROM action_lineage a JOIN retrievals r ON r.retrieval_id = a.effective_source_retrieval_id
  WHERE TRUE
  GROUP BY a.effective_source_retrieval_id
),
down_feedback AS (SELECT DISTINCT retrieval_id FROM feedback WHERE rating = 'down' AND retrieval_id IS NOT NULL AND TRUE),
re_searched AS (SELECT DISTINCT rewrite_of AS retrieval_id FROM retrievals WHERE rewrite_of IS NOT NULL AND TRUE),
bypassed AS (
  SELECT DISTINCT r.retrieval_id
  FROM retrievals r JOIN action_lineage a ON a.request_id = r.request_id
  WHERE (a.actor = 'agent' AND a.action IN ('use', 'place')) AND a.consumed_asset_id IS NOT NULL
    AND a.effective_source_retrieval_id IS NULL
    AND NOT list_contains(coalesce(r.returned_asset_ids, []::VARCHAR[]), a.consumed_asset_id)
),
completion_sessions AS (
  SELECT DISTINCT session_id FROM action_lineage
  WHERE (actor = 'user' AND action IN ('export', 'share', 'download')) AND TRUE
)
SELECT r.retrieval_id, r.session_id, r.request_id, r.turn_id, r.ts, r.seq, r.surface, r.query,
       r.retriever, r.run_id, coalesce(r.category, tc.category) AS category,
       r.role AS logged_role, coalesce(rl.role, r.role, 'unknown') AS role,
       coalesce(len(r.returned_asset_ids), 0) = 0 AS is_empty,
       j.retrieval_id IS NOT NULL AS judged,
       coalesce(rel.relevant_ranks, []::INTEGER[]) AS relevant_ranks,
       coalesce(rel.relevant_grades, []::INTEGER[]) AS relevant_grades,
       coalesce(j.ideal_grades, []::INTEGER[]) AS ideal_grades,
       coalesce(1.0 / rel.relevant_ranks[1], 0) AS reciprocal_rank,
       coalesce(ls.user_actions, []::VARCHAR[]) AS user_actions,
       coalesce(ls.acr, false) AS acr,
       coalesce(ls.orf_complaint, false) AS orf_complaint,
       df.retrieval_id IS NOT NULL AS orf_down_feedback,
       rs.retrieval_id IS NOT NULL AS orf_re_search,
       bp.retrieval_id IS NOT NULL AS orf_agent_bypass,
       coalesce(ls.led_to_completion, false) AS led_to_completion,
       cs.session_id IS NOT NULL AS session_has_completion
FROM retrievals r
LEFT JOIN (SELECT turn_id, arg_min(category, seq) AS category FROM prompts
  WHERE turn_id IS NOT NULL AND category IS NOT NULL AND TRUE GROUP BY turn_id) tc ON tc.turn_id = r.turn_id
LEFT JOIN (SELECT * FROM resolved_roles WHERE TRUE) rl ON rl.retrieval_id = r.retrieval_id
LEFT JOIN judgments j ON j.retrieval_id = r.retrieval_id
LEFT JOIN relevant_returned rel ON rel.retrieval_id = r.retrieval_id
LEFT JOIN lineage_signals ls ON ls.retrieval_id = r.retrieval_id
LEFT JOIN down_feedback df ON df.retrieval_id = r.retrieval_id
LEFT JOIN re_searched rs ON rs.retrieval_id = r.retrieval_id
LEFT JOIN bypassed bp ON bp.retrieval_id = r.retrieval_id
LEFT JOIN completion_sessions cs ON cs.session_id = r.session_id`,
    scoped: `
WITH scoped_retrievals AS MATERIALIZED (
  SELECT retrieval_id, session_id, request_id, turn_id, ts, seq, surface, query, role, returned_asset_ids, retriever, run_id, category
  FROM retrievals WHERE (retrieval_id) IN (SELECT retrieval_id FROM __scope_keys__)
),
judged_relevance AS (SELECT * FROM resolved_relevance WHERE (retrieval_id) IN (SELECT retrieval_id FROM __scope_keys__)),
positions AS (
  SELECT r.retrieval_id, unnest(r.returned_asset_ids) AS asset_id, generate_subscripts(r.returned_asset_ids, 1) AS position
  FROM scoped_retrievals r SEMI JOIN judged_relevance j ON j.retrieval_id = r.retrieval_id
),
ranks AS (
  SELECT retrieval_id, asset_id, row_number() OVER (PARTITION BY retrieval_id ORDER BY min(position)) AS rank
  FROM positions GROUP BY retrieval_id, asset_id
),
relevant_returned AS (
  SELECT k.retrieval_id, list(k.rank::INTEGER ORDER BY k.rank) AS relevant_ranks, list(l.grade ORDER BY k.rank) AS relevant_grades
  FROM ranks k JOIN judged_relevance l USING (retrieval_id, asset_id)
  WHERE l.grade >= 1
  GROUP BY k.retrieval_id
),
judgments AS (
  SELECT retrieval_id, list(grade ORDER BY grade DESC) FILTER (WHERE grade >= 1) AS ideal_grades
  FROM judged_relevance GROUP BY retrieval_id
),
lineage_signals AS (
  SELECT a.effective_source_retrieval_id AS retrieval_id,
         list(DISTINCT a.action ORDER BY a.action) FILTER (WHERE a.actor = 'user') AS user_actions,
         bool_or(a.actor = 'agent' AND a.request_id = r.request_id) AS acr,
         bool_or((a.actor = 'user' AND a.action IN ('complain', 'reject'))) AS orf_complaint,
         bool_or((a.actor = 'user' AND a.action IN ('export', 'share', 'download'))) AS led_to_completion
  FROM action_lineage a JOIN scoped_retrievals r ON r.retrieval_id = a.effective_source_retrieval_id
  WHERE (a.effective_source_retrieval_id) IN (SELECT retrieval_id FROM __scope_keys__)
  GROUP BY a.effective_source_retrieval_id
),
down_feedback AS (SELECT DISTINCT retrieval_id FROM feedback WHERE rating = 'down' AND retrieval_id IS NOT NULL AND (retrieval_id) IN (SELECT retrieval_id FROM __scope_keys__)),
re_searched AS (SELECT DISTINCT rewrite_of AS retrieval_id FROM retrievals WHERE rewrite_of IS NOT NULL AND (rewrite_of) IN (SELECT retrieval_id FROM __scope_keys__)),
bypassed AS (
  SELECT DISTINCT r.retrieval_id
  FROM scoped_retrievals r JOIN action_lineage a ON a.request_id = r.request_id
  WHERE (a.actor = 'agent' AND a.action IN ('use', 'place')) AND a.consumed_asset_id IS NOT NULL
    AND a.effective_source_retrieval_id IS NULL
    AND NOT list_contains(coalesce(r.returned_asset_ids, []::VARCHAR[]), a.consumed_asset_id)
),
completion_sessions AS (
  SELECT DISTINCT session_id FROM action_lineage
  WHERE (actor = 'user' AND action IN ('export', 'share', 'download')) AND session_id IN (SELECT session_id FROM scoped_retrievals)
)
SELECT r.retrieval_id, r.session_id, r.request_id, r.turn_id, r.ts, r.seq, r.surface, r.query,
       r.retriever, r.run_id, coalesce(r.category, tc.category) AS category,
       r.role AS logged_role, coalesce(rl.role, r.role, 'unknown') AS role,
       coalesce(len(r.returned_asset_ids), 0) = 0 AS is_empty,
       j.retrieval_id IS NOT NULL AS judged,
       coalesce(rel.relevant_ranks, []::INTEGER[]) AS relevant_ranks,
       coalesce(rel.relevant_grades, []::INTEGER[]) AS relevant_grades,
       coalesce(j.ideal_grades, []::INTEGER[]) AS ideal_grades,
       coalesce(1.0 / rel.relevant_ranks[1], 0) AS reciprocal_rank,
       coalesce(ls.user_actions, []::VARCHAR[]) AS user_actions,
       coalesce(ls.acr, false) AS acr,
       coalesce(ls.orf_complaint, false) AS orf_complaint,
       df.retrieval_id IS NOT NULL AS orf_down_feedback,
       rs.retrieval_id IS NOT NULL AS orf_re_search,
       bp.retrieval_id IS NOT NULL AS orf_agent_bypass,
       coalesce(ls.led_to_completion, false) AS led_to_completion,
       cs.session_id IS NOT NULL AS session_has_completion
FROM scoped_retrievals r
LEFT JOIN (SELECT turn_id, arg_min(category, seq) AS category FROM prompts
  WHERE turn_id IS NOT NULL AND category IS NOT NULL AND turn_id IN (SELECT turn_id FROM scoped_retrievals) GROUP BY turn_id) tc ON tc.turn_id = r.turn_id
LEFT JOIN (SELECT * FROM resolved_roles WHERE (retrieval_id) IN (SELECT retrieval_id FROM __scope_keys__)) rl ON rl.retrieval_id = r.retrieval_id
LEFT JOIN judgments j ON j.retrieval_id = r.retrieval_id
LEFT JOIN relevant_returned rel ON rel.retrieval_id = r.retrieval_id
LEFT JOIN lineage_signals ls ON ls.retrieval_id = r.retrieval_id
LEFT JOIN down_feedback df ON df.retrieval_id = r.retrieval_id
LEFT JOIN re_searched rs ON rs.retrieval_id = r.retrieval_id
LEFT JOIN bypassed bp ON bp.retrieval_id = r.retrieval_id
LEFT JOIN completion_sessions cs ON cs.session_id = r.session_id`,
  },
  completion_facts: {
    full: `
WITH completions AS  (
  SELECT * FROM action_lineage WHERE (actor = 'user' AND action IN ('export', 'share', 'download')) AND TRUE
)
SELECT a.event_id, a.session_id, a.ts, a.seq, a.surface, own.run_id, coalesce(own.category, tc.category) AS category,
       a.action, a.consumed_asset_id, a.effective_source_retrieval_id, a.inherited,
       b.retrieval_id IS NOT NULL AS attributed,
       b.retrieval_id IS NOT NULL AND b.session_id IS DISTINCT FROM a.session_id AS cross_session,
       b.session_id AS source_session_id,
       b.role AS source_role,
       b.retriever AS source_retriever
FROM completions a
JOIN actions own ON own.seq = a.seq
LEFT JOIN (SELECT turn_id, arg_min(category, seq) AS category FROM prompts
  WHERE turn_id IS NOT NULL AND category IS NOT NULL AND TRUE GROUP BY turn_id) tc ON tc.turn_id = a.turn_id
LEFT JOIN (SELECT * FROM retrieval_base WHERE TRUE) b ON b.retrieval_id = a.effective_source_retrieval_id`,
    scoped: `
WITH completions AS MATERIALIZED (
  SELECT * FROM action_lineage WHERE (actor = 'user' AND action IN ('export', 'share', 'download')) AND (event_id) IN (SELECT event_id FROM __scope_keys__)
)
SELECT a.event_id, a.session_id, a.ts, a.seq, a.surface, own.run_id, coalesce(own.category, tc.category) AS category,
       a.action, a.consumed_asset_id, a.effective_source_retrieval_id, a.inherited,
       b.retrieval_id IS NOT NULL AS attributed,
       b.retrieval_id IS NOT NULL AND b.session_id IS DISTINCT FROM a.session_id AS cross_session,
       b.session_id AS source_session_id,
       b.role AS source_role,
       b.retriever AS source_retriever
FROM completions a
JOIN actions own ON own.seq = a.seq
LEFT JOIN (SELECT turn_id, arg_min(category, seq) AS category FROM prompts
  WHERE turn_id IS NOT NULL AND category IS NOT NULL AND turn_id IN (SELECT turn_id FROM completions) GROUP BY turn_id) tc ON tc.turn_id = a.turn_id
LEFT JOIN (SELECT * FROM retrieval_base WHERE retrieval_id IN (SELECT effective_source_retrieval_id FROM completions)) b ON b.retrieval_id = a.effective_source_retrieval_id`,
  },
  prompt_facts: {
    full: `
WITH 
retrieval_turns AS (SELECT DISTINCT turn_id FROM retrievals WHERE turn_id IS NOT NULL AND TRUE)
SELECT p.event_id, p.turn_id, p.ts, p.surface, p.run_id, coalesce(p.category, tc.category) AS category,
       invoked.turn_id IS NOT NULL AS invoked,
       intent.turn_id IS NOT NULL AS intent_labeled,
       intent.retrieval_intent,
       coalesce(len(intent.intents), 0) >= 2 AS multi_intent,
       CASE WHEN p.rewrite_of IS NULL THEN NULL
            WHEN rephrased.turn_id IS NOT NULL THEN 'search_rewrite'
            ELSE 'downstream_correction' END AS rewrite_kind
FROM prompts p
LEFT JOIN (SELECT turn_id, arg_min(category, seq) AS category FROM prompts
  WHERE turn_id IS NOT NULL AND category IS NOT NULL AND TRUE GROUP BY turn_id) tc ON tc.turn_id = p.turn_id
LEFT JOIN retrieval_turns invoked ON invoked.turn_id = p.turn_id
LEFT JOIN resolved_intents intent ON intent.turn_id = p.turn_id
LEFT JOIN retrieval_turns rephrased ON rephrased.turn_id = p.rewrite_of`,
    scoped: `
WITH scoped_prompts AS MATERIALIZED (SELECT * FROM prompts WHERE (event_id) IN (SELECT event_id FROM __scope_keys__)),
retrieval_turns AS (SELECT DISTINCT turn_id FROM retrievals WHERE turn_id IS NOT NULL AND turn_id IN (SELECT turn_id FROM scoped_prompts UNION ALL SELECT rewrite_of FROM scoped_prompts))
SELECT p.event_id, p.turn_id, p.ts, p.surface, p.run_id, coalesce(p.category, tc.category) AS category,
       invoked.turn_id IS NOT NULL AS invoked,
       intent.turn_id IS NOT NULL AS intent_labeled,
       intent.retrieval_intent,
       coalesce(len(intent.intents), 0) >= 2 AS multi_intent,
       CASE WHEN p.rewrite_of IS NULL THEN NULL
            WHEN rephrased.turn_id IS NOT NULL THEN 'search_rewrite'
            ELSE 'downstream_correction' END AS rewrite_kind
FROM scoped_prompts p
LEFT JOIN (SELECT turn_id, arg_min(category, seq) AS category FROM prompts
  WHERE turn_id IS NOT NULL AND category IS NOT NULL AND turn_id IN (SELECT turn_id FROM scoped_prompts) GROUP BY turn_id) tc ON tc.turn_id = p.turn_id
LEFT JOIN retrieval_turns invoked ON invoked.turn_id = p.turn_id
LEFT JOIN resolved_intents intent ON intent.turn_id = p.turn_id
LEFT JOIN retrieval_turns rephrased ON rephrased.turn_id = p.rewrite_of`,
  },
};
