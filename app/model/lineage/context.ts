import { nodeId, type LineageEdge, type LineageNode } from './graph';
import { rankList, type RankedList } from './ranks';
import type { AssetInfoRow, LineageActionRow, LineageInput, LineageRetrievalRow } from './rows';

export interface GraphOptions {
  /** The session being inspected: nodes of other sessions are marked external and linked. */
  focusSessionId?: string | null;
  /** An asset traced across sessions: shown under every retrieval that returned it. */
  focusAssetId?: string | null;
  /** Retrievals whose results nobody acted on are shown instead of folded. */
  expanded?: ReadonlySet<string>;
}

/** The input indexed for the node builders, and the graph built so far. */
export interface GraphContext {
  options: GraphOptions;
  retrievals: Map<string, LineageRetrievalRow>;
  lists: Map<string, RankedList>;
  assets: Map<string, AssetInfoRow>;
  grades: Map<string, number>;
  complete: ReadonlySet<string>;
  /** Asset node id → the actions on it, in time order. */
  actedOn: Map<string, LineageActionRow[]>;
  /** Event id → action, in time order. */
  actions: Map<string, LineageActionRow>;
  nodes: Map<string, LineageNode>;
  edges: Map<string, LineageEdge>;
}

export const gradeKey = (retrievalId: string, assetId: string) => `${retrievalId}\u0000${assetId}`;

/** Time order, file order breaking ties; rows without a time last. */
export const byTime = <T extends { ts: number | null; seq: number }>(a: T, b: T) => (a.ts ?? Infinity) - (b.ts ?? Infinity) || a.seq - b.seq;

export function indexInput(input: LineageInput, options: GraphOptions): GraphContext {
  const actions = [...input.actions].sort(byTime);
  const actedOn = new Map<string, LineageActionRow[]>();
  for (const action of actions) {
    if (action.consumed_asset_id === null) continue;
    const key = nodeId.asset(action.effective_source_retrieval_id, action.consumed_asset_id);
    const list = actedOn.get(key);
    if (list) list.push(action);
    else actedOn.set(key, [action]);
  }
  return {
    options,
    retrievals: new Map(input.retrievals.map((row) => [row.retrieval_id, row])),
    lists: new Map(input.retrievals.map((row) => [row.retrieval_id, rankList(row.returned_asset_ids)])),
    assets: new Map(input.assets.map((row) => [row.asset_id, row])),
    grades: new Map(input.relevance.map((row) => [gradeKey(row.retrieval_id, row.asset_id), row.grade])),
    complete: input.completeRetrievals,
    actedOn,
    actions: new Map(actions.map((action) => [action.event_id, action])),
    nodes: new Map(),
    edges: new Map(),
  };
}
