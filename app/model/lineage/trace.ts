import { isCompletion } from '../metrics/action-rules';
import { buildLineageGraph } from './build-graph';
import { derivedMark } from './derived';
import { nodeId, type LineageGraph } from './graph';
import { maskedKind, orfSignalLabels, resultCount } from './node-text';
import { rankList } from './ranks';
import type { AssetInfoRow, LineageActionRow, LineageRetrievalRow, RelevanceRow } from './rows';

/** What the Lineage screen traces across sessions: an asset id or a retrieval id. */
export interface TraceTarget {
  kind: 'asset' | 'retrieval';
  id: string;
}

/** One row of a trace: a retrieval of it or an action in it. Rows are in time order (ts, then seq). */
export interface TraceRowKey {
  kind: 'retrieval' | 'action';
  id: string;
}

/** Counts over the whole trace, computed in SQL (engine/sql/trace.ts), never over the rows of a page. */
export interface TraceTotals {
  retrievals: number;
  actions: number;
  sessions: number;
  completions: number;
  /** Completions whose retrieval ran in another session (the metrics' `completion_facts.cross_session`). */
  crossSessionCompletions: number;
  /** Actions naming a source retrieval that no loaded event defines. */
  orphanActions: number;
}

/** Rows of the trace: every retrieval and every action. */
export const traceRowCount = (totals: TraceTotals) => totals.retrievals + totals.actions;

/** One page of a trace's rows: `keys` in time order, starting at row `index * size`. */
export interface TracePage {
  index: number;
  size: number;
  keys: TraceRowKey[];
}

/** What a trace loads for one page (engine/sql/trace.ts). */
export interface TraceRows {
  target: TraceTarget;
  totals: TraceTotals;
  page: TracePage;
  /** The page's retrievals and every retrieval its actions name (so a source on another page is no orphan). */
  retrievals: LineageRetrievalRow[];
  /** The page's actions. */
  actions: LineageActionRow[];
  assets: AssetInfoRow[];
  relevance: RelevanceRow[];
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

export interface TraceView {
  graph: LineageGraph;
  /** The page's rows. */
  table: TraceTableRow[];
  totals: TraceTotals;
  page: TracePage;
}

/** Which row of a trace a graph node belongs to: an asset or a fold node belongs to its retrieval. */
export function traceRowOfNode(node: string | null): TraceRowKey | null {
  const match = node?.match(/^(retrieval|action|asset|fold):(.+)$/);
  if (!match) return null;
  const [, kind, rest] = match;
  if (kind === 'action') return { kind: 'action', id: rest };
  if (kind === 'asset') return { kind: 'retrieval', id: decodeURIComponent(rest.slice(0, rest.indexOf('/'))) };
  return { kind: 'retrieval', id: rest };
}

/** The graph and the table of one page, with the totals of the whole trace. */
export function buildTrace(rows: TraceRows, expanded: ReadonlySet<string> = new Set()): TraceView {
  const { target, totals, page } = rows;
  const wholeTrace = page.index === 0 && traceRowCount(totals) <= page.size;
  const graph = buildLineageGraph(
    { ...rows, completeRetrievals: new Set(target.kind === 'retrieval' && wholeTrace ? [target.id] : []) },
    { focusAssetId: target.kind === 'asset' ? target.id : null, expanded },
  );
  return { graph, table: traceTableRows(rows), totals, page };
}

/** The page's table rows, in the page's order. */
export function traceTableRows(rows: TraceRows): TraceTableRow[] {
  const retrievals = new Map(rows.retrievals.map((row) => [row.retrieval_id, row]));
  const actions = new Map(rows.actions.map((row) => [row.event_id, row]));
  const titles = new Map(rows.assets.map((row) => [row.asset_id, row.title]));
  return rows.page.keys.flatMap((key) => {
    if (key.kind === 'retrieval') {
      const row = retrievals.get(key.id);
      return row ? [retrievalTableRow(row, rows.target)] : [];
    }
    const row = actions.get(key.id);
    return row ? [actionTableRow(row, retrievals, titles)] : [];
  });
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
    detail: `“${row.query ?? ''}” · ${row.role ?? 'no role'} · ${row.error != null ? `failed: ${row.error}` : resultCount(row.returned_asset_ids, list.size)}`,
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
  const derived = derivedMark(row.derived);
  if (derived) flags.push(derived.label);
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
