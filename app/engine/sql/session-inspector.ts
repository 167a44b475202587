import type { AssetInfoRow, LineageActionRow, LineageRetrievalRow, ReferenceWarningRow, RelevanceRow } from '../../model/lineage/rows';
import type { SessionEvent, SessionInspectorRows } from '../../model/lineage/timeline';
import type { SessionSpan } from '../../model/session/unmapped-spans';
import type { MetricSettings } from '../../model/metrics/settings';
import type { Engine } from '../engine';
import { ensureDerivedTables } from '../metrics-report';
import { retrievalDetailsQuery } from './metrics/retrieval-details';
import { joinSql, rawSql, sql, type SqlQuery } from './metrics/sql-query';
import { typesOfBits } from './session-summary';
import { SESSION_EVENT_TYPES_SQL, SESSION_EVENTS_SQL, sessionEventsOfTypesQuery } from './sessions';
import { sessionSpansQuery } from './spans';

/**
 * The session inspector's queries (features/sessions): the session's events, the lineage that
 * touches it, its retrievals with their Tier 1/Tier 2 facts, catalog titles, relevance grades and
 * reference warnings. Lineage comes from `action_lineage` (engine/sql/lineage.ts) and the facts
 * from the metrics builders, so the inspector marks what the metrics count.
 */

/** A set of ids bound as one value (no statement with hundreds of `?`); ids never contain U+001F. */
export function idSet(ids: Iterable<string>): SqlQuery {
  return sql`(SELECT unnest(string_split(${[...ids].join('\u001f')}, chr(31))))`;
}

/**
 * The same ids as a list value: in an OR, `list_contains` tests each row where an `IN (subquery)`
 * would make DuckDB scan the table through a mark join.
 */
export function idList(ids: Iterable<string>): SqlQuery {
  return sql`string_split(${[...ids].join('\u001f')}, chr(31))`;
}

export const LINEAGE_COLUMNS = sql`event_id, seq, ts, session_id, user_id, request_id, turn_id, actor, action, consumed_asset_id,
       source_retrieval_id, effective_source_retrieval_id, inherited, inherited_from_event_id`;

/**
 * The session's actions, actions anywhere whose lineage names one of its retrievals
 * (`retrievalIds`: an export two days later in another session), and every `place` those
 * inherited through, link by link.
 */
export function sessionLineageQuery(sessionId: string, retrievalIds: Iterable<string>): SqlQuery {
  return sql`
WITH RECURSIVE seed AS (
  SELECT event_id, inherited_from_event_id FROM action_lineage
  WHERE session_id = ${sessionId} OR list_contains(${idList(retrievalIds)}, effective_source_retrieval_id)
),
chain(event_id, inherited_from_event_id) AS (
  SELECT event_id, inherited_from_event_id FROM seed
  UNION
  SELECT l.event_id, l.inherited_from_event_id FROM action_lineage l JOIN chain c ON l.event_id = c.inherited_from_event_id
)
SELECT ${LINEAGE_COLUMNS} FROM action_lineage
WHERE event_id IN (SELECT event_id FROM chain)
ORDER BY ts, seq`;
}

/** Only the settings that change a single retrieval's facts: the screen filters of the metrics do not apply here. */
export const factSettings = ({ k, tier1Threshold, usedActions }: MetricSettings): MetricSettings => ({ k, tier1Threshold, usedActions });

/** Per-retrieval facts (metrics' `retrievalDetailsQuery`) for the lineage screens' settings. */
export const LINEAGE_FACTS_TABLE = 'lineage_retrieval_facts';

/**
 * Materializes the facts once per data and settings: computing them costs about as much for one
 * retrieval as for all, and every session opened afterwards reads them by id.
 */
export function materializeLineageFactsQuery(settings: MetricSettings): SqlQuery {
  return sql`CREATE OR REPLACE TEMP TABLE ${rawSql(LINEAGE_FACTS_TABLE)} AS ${retrievalDetailsQuery(factSettings(settings))}`;
}

/** Builds the lineage tables and the facts; every loader below reads them. */
export async function prepareLineage(engine: Engine, settings: MetricSettings): Promise<void> {
  await ensureDerivedTables(engine);
  await run(engine, materializeLineageFactsQuery(settings));
}

const RETRIEVAL_COLUMNS = rawSql(`r.retrieval_id, r.event_id, r.session_id, r.request_id, r.turn_id, r.ts, r.seq, r.query,
       r.returned_asset_ids, r.scores, r.rewrite_of, r.role`);

/**
 * Retrievals matching any of `alternatives` (conditions over `retrievals r`) with their lists and
 * facts, in time order, each once. The alternatives run as a UNION: an OR of a column test and an
 * `IN (subquery)` makes DuckDB scan every retrieval through a mark join, ten times slower.
 */
export function lineageRetrievalsQuery(alternatives: readonly SqlQuery[], limit = 100_000): SqlQuery {
  const picked = joinSql(alternatives.map((where) => sql`SELECT ${RETRIEVAL_COLUMNS} FROM retrievals r WHERE ${where}`), '\nUNION ALL\n');
  return sql`
WITH picked AS (${picked}),
once AS (SELECT * FROM picked QUALIFY row_number() OVER (PARTITION BY retrieval_id ORDER BY seq) = 1)
SELECT p.retrieval_id, p.event_id, p.session_id, p.request_id, p.turn_id, p.ts, p.seq, p.query, p.returned_asset_ids, p.scores,
       p.rewrite_of, coalesce(d.role, p.role) AS role, d.judged, d.p_at_1, d.ndcg_at_k, d.tier1_bad, d.matrix_cell, d.orf_signals
FROM once p
LEFT JOIN (SELECT * FROM ${rawSql(LINEAGE_FACTS_TABLE)} WHERE retrieval_id IN (SELECT retrieval_id FROM once)) d ON d.retrieval_id = p.retrieval_id
ORDER BY p.ts, p.seq
LIMIT CAST(${limit} AS BIGINT)`;
}

/** Catalog title and kind of each asset (asset-catalog.ts). */
export function assetInfoQuery(assetIds: Iterable<string>): SqlQuery {
  return sql`SELECT asset_id, title, kind FROM asset_catalog WHERE asset_id IN ${idSet(assetIds)}`;
}

/** The resolved relevance grade (labels.ts) of each labeled asset of these retrievals. */
export function relevanceQuery(retrievalIds: Iterable<string>): SqlQuery {
  return sql`SELECT retrieval_id, asset_id, grade FROM resolved_relevance WHERE retrieval_id IN ${idSet(retrievalIds)}`;
}

/** References of these events (by `seq`) that name nothing loaded (reference-warnings.ts). */
export function eventWarningsQuery(seqs: readonly number[]): SqlQuery {
  return sql`
SELECT seq, field, message FROM reference_warnings
WHERE seq IN (SELECT TRY_CAST(unnest(string_split(${seqs.join(',')}, ',')) AS INTEGER))
ORDER BY seq`;
}

export const run = <Row>(engine: Engine, query: SqlQuery) => engine.query<Row>(query.sql, query.params);

/** Catalog entries and grades for retrievals and actions: what the graph and the ranked lists label assets with. */
export async function loadAssetsAndGrades(engine: Engine, retrievals: LineageRetrievalRow[], actions: LineageActionRow[]) {
  const assetIds = new Set([...retrievals.flatMap((row) => row.returned_asset_ids ?? []), ...actions.flatMap((row) => row.consumed_asset_id ?? [])]);
  const assets = await run<AssetInfoRow>(engine, assetInfoQuery(assetIds));
  const relevance = await run<RelevanceRow>(engine, relevanceQuery(retrievals.map((row) => row.retrieval_id)));
  return { assets, relevance };
}

/** A session's events (SESSION_EVENTS_SQL), read from the views of the types it has. */
async function loadSessionEvents(engine: Engine, sessionId: string): Promise<SessionEvent[]> {
  const [summary] = await engine.query<{ event_type_bits: number }>(SESSION_EVENT_TYPES_SQL, [sessionId]);
  if (!summary) return engine.query<SessionEvent>(SESSION_EVENTS_SQL, [sessionId]);
  return run<SessionEvent>(engine, sessionEventsOfTypesQuery(sessionId, typesOfBits(summary.event_type_bits)));
}

/** Everything the session inspector shows, for one session; `prepareLineage` first. */
export async function loadSessionInspector(engine: Engine, sessionId: string): Promise<SessionInspectorRows> {
  const events = await loadSessionEvents(engine, sessionId);
  const ownRetrievals = events.flatMap((event) => (event.type === 'retrieval' && event.retrieval_id ? [event.retrieval_id] : []));
  const actions = await run<LineageActionRow>(engine, sessionLineageQuery(sessionId, ownRetrievals));
  // the session's own retrievals are read by session; only sources in other sessions by id
  const own = new Set(ownRetrievals);
  const otherSources = [...new Set(actions.flatMap((row) => row.effective_source_retrieval_id ?? []))].filter((id) => !own.has(id));
  const retrievals = await run<LineageRetrievalRow>(engine, lineageRetrievalsQuery([
    sql`r.session_id = ${sessionId}`, ...(otherSources.length > 0 ? [sql`r.retrieval_id IN ${idSet(otherSources)}`] : []),
  ]));
  const { assets, relevance } = await loadAssetsAndGrades(engine, retrievals, actions);
  const warnings = await run<ReferenceWarningRow>(engine, eventWarningsQuery(events.map((event) => event.seq)));
  const spans = await run<SessionSpan>(engine, sessionSpansQuery(sessionId));
  return { events, retrievals, actions, assets, relevance, warnings, spans };
}

/** What a graph node stands for: an event, a retrieval (with the gate and feedback naming it), an asset (its catalog entry). */
export interface GraphNodeEvents {
  eventId: string | null;
  retrievalId: string | null;
  assetId: string | null;
}

/** The raw events behind a graph node. */
export function graphNodeEventsQuery({ eventId, retrievalId, assetId }: GraphNodeEvents): SqlQuery {
  return sql`
SELECT e.*, f.name AS file FROM events e LEFT JOIN files f ON f.file_id = e.file_id
WHERE e.event_id = ${eventId}
   OR (e.type IN ('retrieval', 'gate', 'feedback') AND e.retrieval_id = ${retrievalId})
   OR (e.type = 'asset' AND e.asset_id = ${assetId})
ORDER BY e.ts NULLS LAST, e.seq`;
}
