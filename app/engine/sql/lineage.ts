import { DUCKDB, type SqlDialect } from './dialect';

/**
 * `action_lineage`: every `action` event with the retrieval that supplied its asset.
 *
 * docs/log-format.md: when `source_retrieval_id` is missing it is inherited from the most recent
 * earlier `place` action of the same `consumed_asset_id` by the same `user_id` (the same
 * `session_id` when the action has no `user_id`) — placement carries lineage into later
 * sessions. "Earlier" is by (ts, seq), strictly.
 *
 * Decisions:
 * - Inheritance chains: a `place` without a source has its own given-or-inherited source, and
 *   a later action inherits that. Only places that have an effective source are candidates.
 * - An action with a `user_id` matches places with that `user_id`; one without matches places
 *   of its session (whatever their `user_id`).
 * - `inherited_from_event_id` is the place the source was inherited from (the nearest link of
 *   the chain), so a lineage screen can walk the chain one place at a time.
 *
 * Because every place of a chain inherits from its predecessor, a place's own effective source
 * is the given source of the most recent earlier place that has one; that closed form needs one
 * ASOF join instead of a recursion. (With mixed keys — a chain that switches between a user's
 * places and a user-less session's places — it is followed one link deep.)
 */
export function actionLineageSelect(dialect: SqlDialect = DUCKDB): string {
  const columnsOf = (table: string, columns: string[]) => columns.map((column) => dialect.column(table, column)).join(', ');
  const matchKey = 'match_kind, match_value, consumed_asset_id';
  // Only an action without a source of its own looks one up (and only a place without one looks
  // up its own): the rest keep theirs without a join, and the lookups read only the keys some
  // source-less action asks for.
  return `
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
sourceless AS (
  SELECT * FROM ordered WHERE source_retrieval_id IS NULL
),
-- a place is found by its user (when it has one) and by its session
given_place_index AS (
  SELECT * FROM (
    SELECT 'user' AS match_kind, user_id AS match_value, consumed_asset_id, lineage_order, source_retrieval_id AS source
    FROM places WHERE source_retrieval_id IS NOT NULL AND user_id IS NOT NULL
    UNION ALL
    SELECT 'session', session_id, consumed_asset_id, lineage_order, source_retrieval_id
    FROM places WHERE source_retrieval_id IS NOT NULL
  ) given WHERE (${matchKey}) IN (SELECT ${matchKey} FROM sourceless)
),
place_sources AS (
  SELECT event_id, session_id, user_id, consumed_asset_id, lineage_order, source_retrieval_id AS source
  FROM places WHERE source_retrieval_id IS NOT NULL
  UNION ALL
  SELECT ${columnsOf('p', ['event_id', 'session_id', 'user_id', 'consumed_asset_id', 'lineage_order'])}, g.source
  FROM (SELECT * FROM places WHERE source_retrieval_id IS NULL) p ASOF LEFT JOIN given_place_index g
    ON g.match_kind = p.match_kind AND g.match_value = p.match_value
   AND g.consumed_asset_id = p.consumed_asset_id AND g.lineage_order < p.lineage_order
),
place_index AS (
  SELECT * FROM (
    SELECT 'user' AS match_kind, user_id AS match_value, consumed_asset_id, lineage_order, source, event_id
    FROM place_sources WHERE source IS NOT NULL AND user_id IS NOT NULL
    UNION ALL
    SELECT 'session', session_id, consumed_asset_id, lineage_order, source, event_id
    FROM place_sources WHERE source IS NOT NULL
  ) found WHERE (${matchKey}) IN (SELECT ${matchKey} FROM sourceless)
),
lineage AS (
  SELECT ${columnsOf('a', ['event_id', 'seq', 'ts', 'session_id', 'user_id', 'request_id', 'turn_id', 'surface', 'actor', 'action'])},
         ${columnsOf('a', ['consumed_asset_id', 'source_retrieval_id'])},
         a.source_retrieval_id AS effective_source_retrieval_id,
         -- false and NULL, typed as the lookup's below are in either engine
         a.source_retrieval_id IS NULL AS inherited,
         CASE WHEN a.source_retrieval_id IS NULL THEN a.event_id END AS inherited_from_event_id
  FROM ordered a WHERE a.source_retrieval_id IS NOT NULL
  UNION ALL
  SELECT ${columnsOf('a', ['event_id', 'seq', 'ts', 'session_id', 'user_id', 'request_id', 'turn_id', 'surface', 'actor', 'action'])},
         ${columnsOf('a', ['consumed_asset_id', 'source_retrieval_id'])},
         p.source AS effective_source_retrieval_id,
         p.source IS NOT NULL AS inherited,
         p.event_id AS inherited_from_event_id
  FROM sourceless a ASOF LEFT JOIN place_index p
    ON p.match_kind = a.match_kind AND p.match_value = a.match_value
   AND p.consumed_asset_id = a.consumed_asset_id AND p.lineage_order < a.lineage_order
)
SELECT * FROM lineage ORDER BY seq`;
}
