import { isCompletion } from '../metrics/action-rules';
import { buildLineageGraph } from './build-graph';
import { nodeId, type LineageGraph } from './graph';
import { maskedKind, orfSignalLabels, resultCount } from './node-text';
import { rankList } from './ranks';
import type { AssetInfoRow, LineageActionRow, LineageRetrievalRow, RelevanceRow } from './rows';

/** What the Lineage screen traces across sessions: an asset id or a retrieval id. */
export interface TraceTarget {
  kind: 'asset' | 'retrieval';
  id: string;
}

/** What a trace loads (engine/sql/trace.ts). */
export interface TraceRows {
  target: TraceTarget;
  retrievals: LineageRetrievalRow[];
  actions: LineageActionRow[];
  assets: AssetInfoRow[];
  relevance: RelevanceRow[];
  /** Retrievals the trace names in all; more than `retrievals.length` when only the first were loaded. */
  retrievalCount: number;
}

/** One row of the trace table: a retrieval that returned the asset, or an action in the lineage. */
export interface TraceTableRow {
  nodeId: string;
  ts: number | null;
  sessionId: string | null;
  what: string;
  detail: string;
  /** The retrieval the row belongs to, and the asset's rank in its list when known. */
  retrievalId: string | null;
  rank: number | null;
  flags: string[];
  completion: boolean;
}

export interface TraceSummary {
  retrievals: number;
  retrievalsShown: number;
  sessions: number;
  actions: number;
  completions: number;
  crossSessionCompletions: number;
}

export interface TraceView {
  graph: LineageGraph;
  table: TraceTableRow[];
  summary: TraceSummary;
}

export function buildTrace(rows: TraceRows, expanded: ReadonlySet<string> = new Set()): TraceView {
  const { target } = rows;
  const graph = buildLineageGraph(
    { ...rows, completeRetrievals: new Set(target.kind === 'retrieval' ? [target.id] : []) },
    { focusAssetId: target.kind === 'asset' ? target.id : null, expanded },
  );
  const retrievals = new Map(rows.retrievals.map((row) => [row.retrieval_id, row]));
  const titles = new Map(rows.assets.map((row) => [row.asset_id, row.title]));
  const table: TraceTableRow[] = [
    ...rows.retrievals.map((row) => retrievalTableRow(row, target)),
    ...rows.actions.map((row) => actionTableRow(row, retrievals, titles)),
  ].sort((a, b) => (a.ts ?? Infinity) - (b.ts ?? Infinity));
  const completions = rows.actions.filter((row) => isCompletion(row.actor, row.action));
  return {
    graph,
    table,
    summary: {
      retrievals: rows.retrievalCount,
      retrievalsShown: rows.retrievals.length,
      sessions: new Set(table.map((row) => row.sessionId).filter((id) => id !== null)).size,
      actions: rows.actions.length,
      completions: completions.length,
      crossSessionCompletions: completions.filter((row) => {
        const source = retrievals.get(row.effective_source_retrieval_id ?? '');
        return source !== undefined && source.session_id !== row.session_id;
      }).length,
    },
  };
}

function retrievalTableRow(row: LineageRetrievalRow, target: TraceTarget): TraceTableRow {
  const list = rankList(row.returned_asset_ids);
  const rank = target.kind === 'asset' ? (list.ranks.get(target.id) ?? null) : null;
  const masked = maskedKind(row);
  return {
    nodeId: nodeId.retrieval(row.retrieval_id),
    ts: row.ts,
    sessionId: row.session_id,
    what: row.retrieval_id === target.id ? 'traced retrieval' : row.rewrite_of === target.id ? 're-search' : 'retrieval',
    detail: `“${row.query ?? ''}” · ${row.role ?? 'no role'} · ${resultCount(row.returned_asset_ids, list.size)}`,
    retrievalId: row.retrieval_id,
    rank,
    flags: [...(masked ? [`masked (${masked})`] : []), ...orfSignalLabels(row).map((signal) => `ORF: ${signal}`)],
    completion: false,
  };
}

function actionTableRow(row: LineageActionRow, retrievals: Map<string, LineageRetrievalRow>, titles: Map<string, string | null>): TraceTableRow {
  const source = row.effective_source_retrieval_id;
  const sourceRow = source === null ? undefined : retrievals.get(source);
  const completion = isCompletion(row.actor, row.action);
  const flags: string[] = [];
  if (row.inherited) flags.push('inherited');
  if (completion && sourceRow && sourceRow.session_id !== row.session_id) flags.push('cross-session');
  if (source !== null && !sourceRow) flags.push('orphan source');
  if (source === null) flags.push('no source');
  const asset = row.consumed_asset_id;
  return {
    nodeId: nodeId.action(row.event_id),
    ts: row.ts,
    sessionId: row.session_id,
    what: `${row.actor ?? 'someone'} ${row.action}`,
    detail: asset === null ? '(no asset)' : `${titles.get(asset) ?? asset} (${asset})`,
    retrievalId: source,
    rank: sourceRow && asset !== null ? (rankList(sourceRow.returned_asset_ids).ranks.get(asset) ?? null) : null,
    flags,
    completion,
  };
}

