import type { LineageActionRow, LineageRetrievalRow } from '../../model/lineage/rows';
import type { TraceRows, TraceTarget } from '../../model/lineage/trace';
import type { Engine } from '../engine';
import { joinSql, sql, type SqlQuery } from './metrics/sql-query';
import { idSet, LINEAGE_COLUMNS, lineageRetrievalsQuery, loadAssetsAndGrades, run } from './session-inspector';

/**
 * Tracing one asset or one retrieval across all sessions (features/lineage): every retrieval that
 * returned the asset, every action that consumed it and every completion it reached; or a
 * retrieval with everything its lineage reached and the retrievals it re-searched or was
 * re-searched by.
 */

/** A trace draws at most this many retrievals (about 2,000 nodes); the rest are counted, not drawn. */
export const TRACE_RETRIEVAL_LIMIT = 600;

export function traceActionsQuery(target: TraceTarget): SqlQuery {
  const where = target.kind === 'asset' ? sql`consumed_asset_id = ${target.id}` : sql`effective_source_retrieval_id = ${target.id}`;
  return sql`SELECT ${LINEAGE_COLUMNS} FROM action_lineage WHERE ${where} ORDER BY ts, seq`;
}

/** The retrievals of a trace (alternatives over `retrievals r`): those that returned the asset, or the retrieval and its re-searches; and the sources its actions name. */
export function traceRetrievalsWhere(target: TraceTarget, sources: Iterable<string>): SqlQuery[] {
  const named = sql`r.retrieval_id IN ${idSet(sources)}`;
  if (target.kind === 'asset') return [sql`list_contains(r.returned_asset_ids, ${target.id})`, named];
  return [
    sql`r.retrieval_id = ${target.id}`,
    sql`r.rewrite_of = ${target.id}`,
    sql`r.retrieval_id = (SELECT rewrite_of FROM retrievals WHERE retrieval_id = ${target.id})`,
    named,
  ];
}

/** How many retrievals a trace names in all: shown when only the first TRACE_RETRIEVAL_LIMIT are drawn. */
export function traceRetrievalCountQuery(alternatives: readonly SqlQuery[]): SqlQuery {
  const picked = joinSql(alternatives.map((where) => sql`SELECT retrieval_id FROM retrievals r WHERE ${where}`), ' UNION ');
  return sql`SELECT count(*)::INTEGER AS n FROM (${picked})`;
}

/** The trace of an asset or a retrieval; `prepareLineage` first. */
export async function loadTrace(engine: Engine, target: TraceTarget): Promise<TraceRows> {
  const actions = await run<LineageActionRow>(engine, traceActionsQuery(target));
  const sources = actions.flatMap((row) => row.effective_source_retrieval_id ?? []);
  const alternatives = traceRetrievalsWhere(target, sources);
  const retrievals = await run<LineageRetrievalRow>(engine, lineageRetrievalsQuery(alternatives, TRACE_RETRIEVAL_LIMIT));
  const [{ n: retrievalCount }] = retrievals.length < TRACE_RETRIEVAL_LIMIT
    ? [{ n: retrievals.length }]
    : await run<{ n: number }>(engine, traceRetrievalCountQuery(alternatives));
  const { assets, relevance } = await loadAssetsAndGrades(engine, retrievals, actions);
  return { target, retrievals, actions, assets, relevance, retrievalCount };
}

/** One completion whose retrieval ran in another session (metrics.md Tier 3 `cross_session`). */
export interface CrossSessionCompletionRow {
  event_id: string;
  session_id: string;
  ts: number | null;
  action: string;
  consumed_asset_id: string | null;
  title: string | null;
  retrieval_id: string;
  source_session_id: string;
  query: string | null;
  inherited: boolean;
  total: number;
}

/** Completions attributed by lineage to a retrieval of another session, from the metrics' `completion_facts`. */
export function crossSessionCompletionsQuery(limit = 500): SqlQuery {
  return sql`
SELECT c.event_id, c.session_id, c.ts, c.action, c.consumed_asset_id,
       a.title,
       c.effective_source_retrieval_id AS retrieval_id, c.source_session_id, b.query, c.inherited,
       count(*) OVER ()::INTEGER AS total
FROM completion_facts c
JOIN retrieval_base b ON b.retrieval_id = c.effective_source_retrieval_id
LEFT JOIN asset_catalog a ON a.asset_id = c.consumed_asset_id
WHERE c.cross_session
ORDER BY c.ts, c.seq
LIMIT CAST(${limit} AS BIGINT)`;
}

/** `prepareLineage` (or `ensureDerivedTables`) first. */
export async function loadCrossSessionCompletions(engine: Engine, limit = 500): Promise<CrossSessionCompletionRow[]> {
  return run<CrossSessionCompletionRow>(engine, crossSessionCompletionsQuery(limit));
}
