import { traceRowCount, traceRowOfNode, type TraceRowKey, type TraceRows, type TraceTarget, type TraceTotals } from '../../model/lineage/trace';
import type { Engine } from '../engine';
import { actionRuleSql } from './action-rules';
import { specOf, type RowOf } from './core/row-spec';
import { joinSql, rawSql, sql, type SqlQuery } from './core/sql-query';
import { run } from './core/run';
import { idSet, LINEAGE_ACTION_ROW, LINEAGE_COLUMNS, LINEAGE_RETRIEVAL_ROW, lineageRetrievalsQuery, loadAssetsAndGrades, withDerivations } from './session-inspector';

/**
 * Tracing one asset or one retrieval across all sessions (features/lineage): every retrieval that
 * returned the asset, every action that consumed it and every completion it reached; or a
 * retrieval with everything its lineage reached and the retrievals it re-searched or was
 * re-searched by. The counts are over the whole trace; the rows are read a page at a time.
 */

/** Rows (retrievals and actions) on one page of a trace: the graph draws a page, so this also bounds it (about 1,500 nodes). */
export const TRACE_PAGE_ROWS = 500;

/** The trace's actions: those that consumed the asset, or whose lineage names the retrieval. */
function traceActionsWhere(target: TraceTarget): SqlQuery {
  return target.kind === 'asset' ? sql`consumed_asset_id = ${target.id}` : sql`effective_source_retrieval_id = ${target.id}`;
}

/**
 * The retrievals of a trace (alternatives over `retrievals r`, which may read `trace_actions`):
 * those that returned the asset, or the retrieval and its re-searches; and the sources its actions name.
 */
function traceRetrievalsWhere(target: TraceTarget): SqlQuery[] {
  const named = sql`r.retrieval_id IN (SELECT effective_source_retrieval_id FROM trace_actions)`;
  if (target.kind === 'asset') return [sql`list_contains(r.returned_asset_ids, ${target.id})`, named];
  return [
    sql`r.retrieval_id = ${target.id}`,
    sql`r.rewrite_of = ${target.id}`,
    sql`r.retrieval_id IN (SELECT rewrite_of FROM retrievals WHERE retrieval_id = ${target.id})`,
    named,
  ];
}

/**
 * `trace_actions`, `trace_retrievals` (each retrieval once) and `trace_rows` (both, one row each
 * with its `kind` and `id`), for a `WITH`. The alternatives run as a UNION: an OR with an
 * `IN (subquery)` makes DuckDB scan every retrieval through a mark join.
 */
function traceTables(target: TraceTarget): SqlQuery {
  const picked = joinSql(
    traceRetrievalsWhere(target).map((where) => sql`SELECT r.retrieval_id, r.session_id, r.ts, r.seq FROM retrievals r WHERE ${where}`),
    '\n  UNION ALL\n  ',
  );
  return sql`
trace_actions AS MATERIALIZED (
  SELECT event_id, seq, ts, session_id, actor, action, effective_source_retrieval_id FROM action_lineage WHERE ${traceActionsWhere(target)}
),
trace_retrievals AS MATERIALIZED (
  SELECT * FROM (
  ${picked}
  ) QUALIFY row_number() OVER (PARTITION BY retrieval_id ORDER BY seq) = 1
),
trace_rows AS (
  SELECT 'retrieval' AS kind, retrieval_id AS id, ts, seq FROM trace_retrievals
  UNION ALL
  SELECT 'action' AS kind, event_id AS id, ts, seq FROM trace_actions
)`;
}

/** The order of a trace's rows (time, then the order of the events in the logs). */
const TRACE_ROW_ORDER = sql`ts NULLS LAST, seq, kind`;

/** The counts of the whole trace. Cross-session completions are the metrics' (`completion_facts`), so they match Tier 3. */
export function traceTotalsQuery(target: TraceTarget): SqlQuery {
  return sql`
WITH ${traceTables(target)}
SELECT
  (SELECT count(*) FROM trace_retrievals)::INTEGER AS retrievals,
  (SELECT count(*) FROM trace_actions)::INTEGER AS actions,
  (SELECT count(DISTINCT session_id) FROM (SELECT session_id FROM trace_retrievals UNION ALL SELECT session_id FROM trace_actions))::INTEGER AS sessions,
  (SELECT count(*) FROM trace_actions WHERE ${rawSql(actionRuleSql('completion'))})::INTEGER AS completions,
  (SELECT count(*) FROM completion_facts WHERE cross_session AND event_id IN (SELECT event_id FROM trace_actions))::INTEGER AS "crossSessionCompletions",
  (SELECT count(*) FROM trace_actions a LEFT JOIN trace_retrievals r ON r.retrieval_id = a.effective_source_retrieval_id
     WHERE a.effective_source_retrieval_id IS NOT NULL AND r.retrieval_id IS NULL)::INTEGER AS "orphanActions"`;
}

/** The rows `offset`…`offset + limit - 1` of the trace, in order. */
export function tracePageKeysQuery(target: TraceTarget, offset: number, limit: number): SqlQuery {
  return sql`
WITH ${traceTables(target)}
SELECT kind, id FROM trace_rows
ORDER BY ${TRACE_ROW_ORDER}
LIMIT CAST(${limit} AS BIGINT) OFFSET CAST(${offset} AS BIGINT)`;
}

/** Where a row sits in the trace (0-based), or nothing when it is not in it. */
export function traceRowPositionQuery(target: TraceTarget, row: TraceRowKey): SqlQuery {
  return sql`
WITH ${traceTables(target)}
SELECT position FROM (SELECT kind, id, (row_number() OVER (ORDER BY ${TRACE_ROW_ORDER}) - 1)::INTEGER AS position FROM trace_rows)
WHERE kind = ${row.kind} AND id = ${row.id}
ORDER BY position
LIMIT 1`;
}

const TRACE_TOTALS_ROW = specOf<TraceTotals>()({
  retrievals: 'number', actions: 'number', sessions: 'number', completions: 'number', crossSessionCompletions: 'number', orphanActions: 'number',
});

const TRACE_ROW_KEY_ROW = specOf<TraceRowKey>()({ kind: 'string', id: 'string' });

export interface TracePageRequest {
  /** The page (0-based); when null, the page holding `node` (a graph node id), else the first. */
  page?: number | null;
  node?: string | null;
  size?: number;
}

/** One page of the trace of an asset or a retrieval, with the counts of all of it; on the engine `withLineageFacts` gives. */
export async function loadTrace(engine: Engine, target: TraceTarget, request: TracePageRequest = {}): Promise<TraceRows> {
  const size = request.size ?? TRACE_PAGE_ROWS;
  const [totals] = await run(engine, traceTotalsQuery(target), TRACE_TOTALS_ROW);
  const lastPage = Math.max(0, Math.ceil(traceRowCount(totals) / size) - 1);
  const index = Math.min(lastPage, Math.max(0, request.page ?? (await pageOfNode(engine, target, request.node ?? null, size))));
  const keys = await run(engine, tracePageKeysQuery(target, index * size, size), TRACE_ROW_KEY_ROW);
  const actionIds = keys.flatMap((key) => (key.kind === 'action' ? [key.id] : []));
  const actions = await withDerivations(engine, await run(engine, sql`SELECT ${LINEAGE_COLUMNS} FROM action_lineage WHERE event_id IN ${idSet(actionIds)} ORDER BY ts, seq`, LINEAGE_ACTION_ROW));
  const retrievalIds = new Set([
    ...keys.flatMap((key) => (key.kind === 'retrieval' ? [key.id] : [])),
    ...actions.flatMap((row) => row.effective_source_retrieval_id ?? []),
  ]);
  const retrievals = await run(engine, lineageRetrievalsQuery([sql`r.retrieval_id IN ${idSet(retrievalIds)}`]), LINEAGE_RETRIEVAL_ROW);
  const { assets, relevance } = await loadAssetsAndGrades(engine, retrievals, actions);
  return { target, totals, page: { index, size, keys }, retrievals, actions, assets, relevance };
}

/** Every row of the trace on one page (what a download saves). */
export const loadWholeTrace = (engine: Engine, target: TraceTarget) => loadTrace(engine, target, { page: 0, size: 2 ** 31 - 1 });

async function pageOfNode(engine: Engine, target: TraceTarget, node: string | null, size: number): Promise<number> {
  const row = traceRowOfNode(node);
  if (!row) return 0;
  const [found] = await run(engine, traceRowPositionQuery(target, row), { position: 'number' });
  return found ? Math.floor(found.position / size) : 0;
}

/** One completion whose retrieval ran in another session (docs/metrics.md Tier 3 `cross_session`). */
export const CROSS_SESSION_COMPLETION_ROW = {
  event_id: 'string',
  session_id: 'string',
  ts: 'number|null',
  action: 'string',
  consumed_asset_id: 'string|null',
  title: 'string|null',
  retrieval_id: 'string',
  source_session_id: 'string',
  query: 'string|null',
  inherited: 'boolean',
} as const;

export type CrossSessionCompletionRow = RowOf<typeof CROSS_SESSION_COMPLETION_ROW>;

/** Every completion attributed by lineage to a retrieval of another session, from the metrics' `completion_facts`. */
export const CROSS_SESSION_COMPLETIONS_QUERY = sql`
SELECT c.event_id, c.session_id, c.ts, c.action, c.consumed_asset_id,
       a.title,
       c.effective_source_retrieval_id AS retrieval_id, c.source_session_id, b.query, c.inherited
FROM completion_facts c
JOIN retrieval_base b ON b.retrieval_id = c.effective_source_retrieval_id
LEFT JOIN asset_catalog a ON a.asset_id = c.consumed_asset_id
WHERE c.cross_session
ORDER BY c.ts, c.seq`;

/** `ensureDerivedTables` first. */
export async function loadCrossSessionCompletions(engine: Engine): Promise<CrossSessionCompletionRow[]> {
  return run(engine, CROSS_SESSION_COMPLETIONS_QUERY, CROSS_SESSION_COMPLETION_ROW);
}
