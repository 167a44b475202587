import type { AssetInfoRow, LineageActionRow, LineageRetrievalRow, RelevanceRow } from '../../model/lineage/rows';
import type { SessionEvent, SessionInspectorRows } from '../../model/lineage/timeline';
import { traceRowOfNode } from '../../model/lineage/trace';
import { groupByTurn } from '../../model/session/turn-groups';
import { sharedSettingsOf, type MetricSettings } from '../../model/metrics/settings';
import { parseStoredStages } from '../../schema/stages';
import type { Engine } from '../engine';
import { specOf, type RowOf } from './core/row-spec';
import { run } from './core/run';
import { identifier, joinSql, sql, type SqlQuery } from './core/sql-query';
import { typesOfBits } from './session-summary';
import {
  asSessionEvents, byTimeThenSeq, SESSION_EVENT_ROW, SESSION_EVENT_TYPES_ROW, SESSION_EVENT_TYPES_SQL, SESSION_EVENTS_SQL, sessionEventsOfTypesQuery,
  SESSION_EVENT_KEY_ROW, SESSION_PAGE_KEY_ROW, sessionPageKeysQuery,
  sessionRowPositionQuery, type SeqRange, seqRangeSql,
} from './sessions';
import { SESSION_SPAN_ROW, sessionSpansQuery } from './spans';
import { SESSION_PAGE_EVENTS } from '../../model/session/session-page';

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

/** A row of `LINEAGE_COLUMNS`. */
export const LINEAGE_ACTION_ROW = specOf<LineageActionRow>()({
  event_id: 'string', seq: 'number', ts: 'number|null', session_id: 'string|null', user_id: 'string|null', request_id: 'string|null',
  turn_id: 'string|null', actor: 'string|null', action: 'string', consumed_asset_id: 'string|null', source_retrieval_id: 'string|null',
  effective_source_retrieval_id: 'string|null', inherited: 'boolean', inherited_from_event_id: 'string|null',
});

/**
 * The session's actions (`own`, a condition over `action_lineage`), actions anywhere whose lineage names one of its retrievals
 * (`retrievalIds`: an export two days later in another session), and every `place` those
 * inherited through, link by link.
 */
export function sessionLineageQuery(own: SqlQuery, retrievalIds: Iterable<string>): SqlQuery {
  return sql`
WITH RECURSIVE seed AS (
  SELECT event_id, inherited_from_event_id FROM action_lineage WHERE ${own}
  UNION ALL
  SELECT event_id, inherited_from_event_id FROM action_lineage WHERE list_contains(${idList(retrievalIds)}, effective_source_retrieval_id)
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

/**
 * The rows `sessionLineageQuery` starts from, with every row of their event ids: its whole answer
 * (the two conditions as two scans: in an OR, the session's `seq` range in `own` prunes nothing)
 * when no row inherited through a place outside them (`closesLineage`), in one pass less than
 * following the chain.
 */
export function sessionLineageSeedQuery(own: SqlQuery, retrievalIds: Iterable<string>): SqlQuery {
  return sql`
WITH seed AS (
  SELECT event_id FROM action_lineage WHERE ${own}
  UNION ALL
  SELECT event_id FROM action_lineage WHERE list_contains(${idList(retrievalIds)}, effective_source_retrieval_id)
)
SELECT ${LINEAGE_COLUMNS} FROM action_lineage
WHERE event_id IN (SELECT event_id FROM seed)
ORDER BY ts, seq`;
}

/** Every place these rows inherited through is among them: following the chain adds nothing. */
const closesLineage = (rows: readonly LineageActionRow[]) => {
  const ids = new Set(rows.map((row) => row.event_id));
  return rows.every((row) => row.inherited_from_event_id === null || ids.has(row.inherited_from_event_id));
};

/** `sessionLineageQuery`'s rows, following the chain only when a row inherited from outside the seed. */
export async function loadSessionLineage(engine: Engine, own: SqlQuery, retrievalIds: readonly string[]): Promise<LineageActionRow[]> {
  const seed = await run(engine, sessionLineageSeedQuery(own, retrievalIds), LINEAGE_ACTION_ROW);
  return closesLineage(seed) ? seed : run(engine, sessionLineageQuery(own, retrievalIds), LINEAGE_ACTION_ROW);
}

/** Only the settings that change a single retrieval's facts: the screen filters of the metrics do not apply here. */
export const factSettings = (settings: MetricSettings): MetricSettings => sharedSettingsOf(settings);

/** Per-retrieval facts (metrics' `retrievalDetailsQuery`) for the lineage screens' settings: the name `withLineageFacts` binds. */
export const LINEAGE_FACTS_TABLE = 'lineage_retrieval_facts';

const RETRIEVAL_COLUMNS = sql`r.retrieval_id, r.event_id, r.session_id, r.request_id, r.turn_id, r.ts, r.seq, r.query,
       r.returned_asset_ids, r.scores, r.rewrite_of, r.error, r.role`;

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
       p.rewrite_of, p.error, coalesce(d.role, p.role) AS role, d.judged, d.p_at_1, d.ndcg_at_k, d.tier1_bad, d.matrix_cell, d.orf_signals
FROM once p
LEFT JOIN (SELECT * FROM ${identifier(LINEAGE_FACTS_TABLE)} WHERE retrieval_id IN (SELECT retrieval_id FROM once)) d ON d.retrieval_id = p.retrieval_id
ORDER BY p.ts, p.seq
LIMIT CAST(${limit} AS BIGINT)`;
}

export const LINEAGE_RETRIEVAL_ROW = specOf<LineageRetrievalRow>()({
  retrieval_id: 'string', event_id: 'string|null', session_id: 'string|null', request_id: 'string|null', turn_id: 'string|null', ts: 'number|null',
  seq: 'number', query: 'string|null', role: 'string|null', returned_asset_ids: 'string[]|null', scores: 'number[]|null', rewrite_of: 'string|null',
  error: 'string|null', judged: 'boolean|null', p_at_1: 'number|null', ndcg_at_k: 'number|null', tier1_bad: 'boolean|null', matrix_cell: 'string|null',
  orf_signals: 'string|null',
});

export const ASSET_INFO_ROW = specOf<AssetInfoRow>()({ asset_id: 'string', title: 'string|null', kind: 'string|null' });

export const RELEVANCE_ROW = specOf<RelevanceRow>()({ retrieval_id: 'string', asset_id: 'string', grade: 'number' });

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

/**
 * `assetInfoQuery` and `relevanceQuery` in one statement (a statement costs its planning and, in
 * the browser, three messages to the engine's worker): rows of both shapes, told apart by `is_asset`.
 */
export function assetsAndGradesQuery(assetIds: Iterable<string>, retrievalIds: Iterable<string>): SqlQuery {
  return sql`
SELECT true AS is_asset, asset_id, title, kind, NULL AS retrieval_id, NULL AS grade FROM (${assetInfoQuery(assetIds)})
UNION ALL
SELECT false, asset_id, NULL, NULL, retrieval_id, grade FROM (${relevanceQuery(retrievalIds)})`;
}

export const ASSET_OR_GRADE_ROW = specOf<AssetInfoRow & RelevanceRow & { is_asset: boolean }>()({
  is_asset: 'boolean', asset_id: 'string', title: 'string|null', kind: 'string|null', retrieval_id: 'string', grade: 'number',
});

/**
 * Catalog entries and grades for retrievals and actions: what the graph and the ranked lists label
 * assets with; `alsoTitled`: more assets to title (those of the retrievals' stage lists).
 */
export async function loadAssetsAndGrades(engine: Engine, retrievals: LineageRetrievalRow[], actions: LineageActionRow[], alsoTitled: Iterable<string> = []) {
  const assetIds = new Set([...retrievals.flatMap((row) => row.returned_asset_ids ?? []), ...actions.flatMap((row) => row.consumed_asset_id ?? []), ...alsoTitled]);
  const rows = await run(engine, assetsAndGradesQuery(assetIds, retrievals.map((row) => row.retrieval_id)), ASSET_OR_GRADE_ROW);
  const assets: AssetInfoRow[] = rows.filter((row) => row.is_asset).map(({ asset_id, title, kind }) => ({ asset_id, title, kind }));
  const relevance: RelevanceRow[] = rows.filter((row) => !row.is_asset).map(({ retrieval_id, asset_id, grade }) => ({ retrieval_id, asset_id, grade }));
  return { assets, relevance };
}

/** Where a page sits in its session: page `index` (0-based) of `size` events; the session's counts; the turns (1-based) the page shows. */
export interface SessionPage {
  index: number;
  size: number;
  events: number;
  turns: number;
  firstTurn: number;
  lastTurn: number;
  /** The turns on the page in the timeline's order (a turn can start on an earlier page, after a turn of this one). */
  turnIds: (string | null)[];
}

export type SessionInspectorPage = SessionInspectorRows & { page: SessionPage };

/** The page (0-based); when null, the page holding `node` (a graph node id: a link into a long session), else the first. */
export interface SessionPageRequest {
  page?: number | null;
  node?: string | null;
}

interface PageEvents {
  events: SessionEvent[];
  page: SessionPage;
  /** The `seq` range holding the whole session (null when session_summary has no row for it). */
  range: SeqRange | null;
}

/**
 * One page of a session's events (SESSION_EVENTS_SQL order), read from the views of the types it
 * has; a page past the end reads as the last.
 */
async function loadSessionEvents(engine: Engine, sessionId: string, request: SessionPageRequest, size: number): Promise<PageEvents> {
  const [summary] = await run(engine, { sql: SESSION_EVENT_TYPES_SQL, params: [sessionId] }, SESSION_EVENT_TYPES_ROW);
  if (!summary) return wholeSession(await run(engine, { sql: SESSION_EVENTS_SQL, params: [sessionId] }, SESSION_EVENT_ROW), size, null);
  const types = typesOfBits(summary.event_type_bits);
  const range = { from: Number(summary.min_seq), to: Number(summary.max_seq) };
  // a session of one page is read whole, with no query for its keys
  if (summary.events <= size) return wholeSession(asSessionEvents(await run(engine, sessionEventsOfTypesQuery(sessionId, types, range), SESSION_EVENT_KEY_ROW)), size, range);
  const lastIndex = Math.max(0, Math.ceil(summary.events / size) - 1);
  const index = Math.min(request.page ?? (await pageOfNode(engine, sessionId, types, range, request.node ?? null, size)), lastIndex);
  const keys = await run(engine, sessionPageKeysQuery(sessionId, types, range, index * size, size), SESSION_PAGE_KEY_ROW);
  const shown = keys.filter((key) => key.seq !== null);
  const turnIds = [...new Set(shown.map((key) => key.turn_id))];
  const page = { index, size, events: keys[0].events, turns: keys[0].turns, firstTurn: shown[0]?.turn ?? 0, lastTurn: shown.at(-1)?.turn ?? 0, turnIds };
  const events = asSessionEvents(await run(engine, sessionEventsOfTypesQuery(sessionId, types, range, shown.map((key) => key.seq!)), SESSION_EVENT_KEY_ROW));
  return { events, page, range };
}

async function pageOfNode(engine: Engine, sessionId: string, types: readonly string[], range: SeqRange, node: string | null, size: number): Promise<number> {
  const row = traceRowOfNode(node);
  if (!row) return 0;
  const [found] = await run(engine, sessionRowPositionQuery(sessionId, types, range, row), { shown_at: 'number' });
  return found ? Math.floor(found.shown_at / size) : 0;
}

/** A session on one page: its turns counted as the timeline groups them (model/session/turn-groups.ts). */
function wholeSession(events: SessionEvent[], size: number, range: SeqRange | null): PageEvents {
  const turnIds = groupByTurn(events).map((turn) => turn.turnId);
  return { events, range, page: { index: 0, size, events: events.length, turns: turnIds.length, firstTurn: Math.min(1, turnIds.length), lastTurn: turnIds.length, turnIds } };
}

const RETRIEVAL_FACTS_ROW = {
  retrieval_id: 'string', role: 'string|null', judged: 'boolean|null', p_at_1: 'number|null', ndcg_at_k: 'number|null', tier1_bad: 'boolean|null',
  matrix_cell: 'string|null', orf_signals: 'string|null',
} as const;

type RetrievalFacts = RowOf<typeof RETRIEVAL_FACTS_ROW>;

/**
 * The facts (`LINEAGE_FACTS_TABLE`) of these retrievals of `sessionId`, for those whose rows are
 * read already. The session's id is what lets facts computed inline be computed for its rows alone.
 */
export function lineageFactsQuery(sessionId: string, retrievalIds: Iterable<string>): SqlQuery {
  return sql`
SELECT retrieval_id, role, judged, p_at_1, ndcg_at_k, tier1_bad, matrix_cell, orf_signals
FROM ${identifier(LINEAGE_FACTS_TABLE)} WHERE session_id = ${sessionId} AND retrieval_id IN ${idSet(retrievalIds)}`;
}

/** `lineageRetrievalsQuery`'s row of a retrieval whose event is on the page. */
const retrievalRowOf = (event: SessionEvent, facts: RetrievalFacts | undefined): LineageRetrievalRow => ({
  retrieval_id: event.retrieval_id!, event_id: event.event_id, session_id: event.session_id, request_id: event.request_id,
  turn_id: event.turn_id, ts: event.ts, seq: event.seq, query: event.query, returned_asset_ids: event.returned_asset_ids,
  scores: event.scores, rewrite_of: event.rewrite_of, error: event.error, role: facts?.role ?? event.role,
  judged: facts?.judged ?? null, p_at_1: facts?.p_at_1 ?? null, ndcg_at_k: facts?.ndcg_at_k ?? null, tier1_bad: facts?.tier1_bad ?? null,
  matrix_cell: facts?.matrix_cell ?? null, orf_signals: facts?.orf_signals ?? null,
});

/**
 * What `lineageRetrievalsQuery` gives for the page's retrievals and `otherSources` (retrievals
 * of other sessions its lineage names): the page's rows come from its events (retrieval ids are
 * unique: the ingest rejects a repeated one), so only their facts are read, and no scan of the
 * retrievals decodes their lists a second time.
 */
async function loadPageRetrievals(
  engine: Engine, sessionId: string, events: readonly SessionEvent[], otherSources: readonly string[],
): Promise<LineageRetrievalRow[]> {
  const own = new Map<string, SessionEvent>();
  for (const event of events) {
    if (event.type !== 'retrieval' || !event.retrieval_id) continue;
    const seen = own.get(event.retrieval_id);
    if (!seen || event.seq < seen.seq) own.set(event.retrieval_id, event);
  }
  const facts = own.size > 0 ? await run(engine, lineageFactsQuery(sessionId, own.keys()), RETRIEVAL_FACTS_ROW) : [];
  const factsOf = new Map(facts.map((row) => [row.retrieval_id, row]));
  const others = otherSources.length > 0 ? await run(engine, lineageRetrievalsQuery([sql`r.retrieval_id IN ${idSet(otherSources)}`]), LINEAGE_RETRIEVAL_ROW) : [];
  return [...[...own.values()].map((event) => retrievalRowOf(event, factsOf.get(event.retrieval_id!))), ...others].sort(byTimeThenSeq).slice(0, 100_000);
}

/**
 * Spans of the session, or on a page of a longer session those within its events' time (the
 * others belong to other pages).
 */
function pageSpansQuery(sessionId: string, events: readonly SessionEvent[], whole: boolean): SqlQuery {
  if (whole) return sessionSpansQuery(sessionId);
  const times = events.flatMap((event) => (event.ts === null ? [] : [event.ts]));
  return sessionSpansQuery(sessionId, times.length > 0 ? { from: Math.min(...times), to: Math.max(...times) } : null);
}

/**
 * What the session inspector shows for one page of a session's timeline (`request`):
 * its events and the lineage, retrievals, titles, grades, warnings and spans they touch; with the
 * session's counts. A session of one page reads exactly as a whole. On the engine
 * `withLineageFacts` gives (../lineage-facts-table.ts), the derived tables current.
 */
export async function loadSessionInspector(
  engine: Engine, sessionId: string, request: SessionPageRequest = {}, size = SESSION_PAGE_EVENTS,
): Promise<SessionInspectorPage> {
  const { events, page, range } = await loadSessionEvents(engine, sessionId, request, size);
  const whole = events.length === page.events;
  const ownRetrievals = events.flatMap((event) => (event.type === 'retrieval' && event.retrieval_id ? [event.retrieval_id] : []));
  const ownActions = events.flatMap((event) => (event.type === 'action' && event.event_id ? [event.event_id] : []));
  const own = whole ? sql`${seqRangeSql(range)} AND session_id = ${sessionId}` : sql`list_contains(${idList(ownActions)}, event_id)`;
  const actions = await loadSessionLineage(engine, own, ownRetrievals);
  const ownIds = new Set(ownRetrievals);
  const otherSources = [...new Set(actions.flatMap((row) => row.effective_source_retrieval_id ?? []))].filter((id) => !ownIds.has(id));
  const retrievals = await loadPageRetrievals(engine, sessionId, events, otherSources);
  const derivedActions = await withDerivations(engine, actions, events);
  const { assets, relevance } = await loadAssetsAndGrades(engine, retrievals, derivedActions, stageAssetIds(events));
  const warnings = await run(engine, eventWarningsQuery(events.map((event) => event.seq)), { seq: 'number', field: 'string', message: 'string' });
  const spans = await run(engine, pageSpansQuery(sessionId, events, whole), SESSION_SPAN_ROW);
  return { events, retrievals, actions: derivedActions, assets, relevance, warnings, spans, page };
}

/** The assets of the page's retrievals' stage lists (schema/stages.ts), for their titles. */
function stageAssetIds(events: readonly SessionEvent[]): string[] {
  return events.flatMap((event) => (event.type === 'retrieval' ? parseStoredStages(event.stages).flatMap((stage) => stage.asset_ids) : []));
}

/** The `derived` of these actions (by `seq`), for those that have one. */
export function actionDerivationsQuery(seqs: readonly number[]): SqlQuery {
  return sql`
SELECT seq, derived FROM actions
WHERE derived IS NOT NULL AND seq IN (SELECT TRY_CAST(unnest(string_split(${seqs.join(',')}, ',')) AS INTEGER))`;
}

/**
 * The lineage rows with their action's `derived` (an agent use the trace import derived, not
 * logged): `action_lineage` does not carry it, so it comes from the page's events, and for the
 * actions of other pages and sessions (`known` does not hold them) from one read by `seq`.
 */
export async function withDerivations(engine: Engine, actions: readonly LineageActionRow[], known: readonly SessionEvent[] = []): Promise<LineageActionRow[]> {
  const derived = new Map<number, string | null>();
  for (const event of known) if (event.type === 'action') derived.set(event.seq, event.derived);
  const unknown = actions.flatMap((action) => (derived.has(action.seq) ? [] : [action.seq]));
  if (unknown.length > 0) {
    for (const seq of unknown) derived.set(seq, null);
    for (const row of await run(engine, actionDerivationsQuery(unknown), { seq: 'number', derived: 'string' })) derived.set(Number(row.seq), row.derived);
  }
  return actions.map((action) => ({ ...action, derived: derived.get(action.seq) ?? null }));
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
