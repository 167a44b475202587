/** The lineage graph: what a retrieval returned, what was done with it, and where that led. */

export type LineageNodeKind = 'retrieval' | 'asset' | 'fold' | 'action' | 'completion';

export type LineageEdgeKind =
  /** retrieval → one of its results, labeled with the rank */
  | 'returned'
  /** retrieval → the results nobody acted on, folded into one node */
  | 'folded'
  /** asset → an action on it, labeled with the actor */
  | 'consumed'
  /** the `place` an action inherited its source from → that action (drawn dashed) */
  | 'inherited'
  /** retrieval → an action with no asset that names it (a complaint about the whole result) */
  | 'direct'
  /** retrieval → the later retrieval whose `rewrite_of` names it (ORF 2) */
  | 're_search'
  /** retrieval → an asset the agent used instead of the retrieval's results (ORF 3) */
  | 'bypass';

export type NodeTone = 'normal' | 'good' | 'warn' | 'bad' | 'muted';

export interface LineageNode {
  id: string;
  kind: LineageNodeKind;
  /** First line: the query, the asset title, "user export", "+17 not used". */
  title: string;
  /** Second line: ids, rank, role, time. */
  subtitle: string;
  tone: NodeTone;
  /** Short marks drawn on the node: "masked failure", "inherited", "orphan", … */
  badges: string[];
  sessionId: string | null;
  /** In another session than the one inspected. */
  external: boolean;
  ts: number | null;
  retrievalId: string | null;
  assetId: string | null;
  /** The action event, for action and completion nodes. */
  eventId: string | null;
}

export interface LineageEdge {
  id: string;
  source: string;
  target: string;
  kind: LineageEdgeKind;
  label: string | null;
}

/** Another session the lineage reaches: where it continues (a later export) or where it comes from. */
export interface SessionLink {
  sessionId: string;
  relation: 'continues' | 'comes_from';
  firstTs: number | null;
  nodeIds: string[];
  /** What the lineage touches there: "user export", "retrieval", … (distinct, in time order). */
  what: string[];
}

export interface LineageGraph {
  nodes: LineageNode[];
  edges: LineageEdge[];
  sessionLinks: SessionLink[];
}

export const nodeId = {
  retrieval: (retrievalId: string) => `retrieval:${retrievalId}`,
  /** An asset as one retrieval returned it; `null` when no retrieval supplied it. */
  asset: (retrievalId: string | null, assetId: string) => `asset:${encodeURIComponent(retrievalId ?? '')}/${encodeURIComponent(assetId)}`,
  fold: (retrievalId: string) => `fold:${retrievalId}`,
  action: (eventId: string) => `action:${eventId}`,
};
