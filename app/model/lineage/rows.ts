/**
 * What the lineage SQL returns (engine/sql/session-inspector.ts, engine/sql/trace.ts): the
 * model's input, one interface per result, in the column names of the SQL.
 */

/** One `action_lineage` row (engine/sql/lineage.ts): an action with its given or inherited source. */
export interface LineageActionRow {
  event_id: string;
  seq: number;
  ts: number | null;
  session_id: string | null;
  user_id: string | null;
  request_id: string | null;
  turn_id: string | null;
  actor: string | null;
  action: string;
  consumed_asset_id: string | null;
  source_retrieval_id: string | null;
  effective_source_retrieval_id: string | null;
  inherited: boolean;
  inherited_from_event_id: string | null;
  /**
   * How the import derived this action instead of reading it from the log ('context-match':
   * docs/log-format.md); null or absent for a logged action. Read from the action's event, not from
   * `action_lineage` (engine/sql/session-inspector.ts `withDerivations`).
   */
  derived?: string | null;
}

/** A retrieval with its ranked list and its Tier 1 / Tier 2 facts (docs/metrics.md) for the chosen settings. */
export interface LineageRetrievalRow {
  retrieval_id: string;
  event_id: string | null;
  session_id: string | null;
  request_id: string | null;
  turn_id: string | null;
  ts: number | null;
  seq: number;
  query: string | null;
  /** Effective role: the resolved role label, else the logged role, else 'unknown'. */
  role: string | null;
  returned_asset_ids: string[] | null;
  scores: number[] | null;
  rewrite_of: string | null;
  /** A failed retrieval's message (docs/log-format.md `error`): never an empty result. Absent where a reader does not load it. */
  error?: string | null;
  judged: boolean | null;
  p_at_1: number | null;
  ndcg_at_k: number | null;
  tier1_bad: boolean | null;
  matrix_cell: string | null;
  /** Comma-separated ORF signals (complaint, down_feedback, re_search, agent_bypass) or 'none'. */
  orf_signals: string | null;
}

/** A catalog entry (`asset` event). */
export interface AssetInfoRow {
  asset_id: string;
  title: string | null;
  kind: string | null;
}

/** The resolved relevance label of one returned (or known relevant) asset. */
export interface RelevanceRow {
  retrieval_id: string;
  asset_id: string;
  grade: number;
}

/** A reference that names no loaded event (engine/sql/reference-warnings.ts). */
export interface ReferenceWarningRow {
  seq: number;
  field: string;
  message: string;
}

/**
 * Everything a lineage graph is built from. `retrievals` must hold every loaded retrieval that an
 * action's lineage names: a source missing from it is an orphan reference. `completeRetrievals`
 * lists the retrievals whose every action is in `actions` (only then are the others "not used").
 */
export interface LineageInput {
  retrievals: LineageRetrievalRow[];
  actions: LineageActionRow[];
  assets: AssetInfoRow[];
  relevance: RelevanceRow[];
  completeRetrievals: ReadonlySet<string>;
}
