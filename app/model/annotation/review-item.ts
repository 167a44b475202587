/**
 * One answer as a reviewer reads it (issue 9, "Weekly answer review"): the user's question, the
 * gate's decision and scores, the retrieved context with the catalog's titles and text (cited
 * assets marked) and the answer. The rows come from engine/sql/annotation/review-items.ts.
 */

/** One response with its question and its gate decision. */
export interface ReviewResponseRow {
  event_id: string;
  /** Epoch milliseconds. */
  ts: number | null;
  /** ISO week of `ts`, as the weekly review counts it. */
  week: string | null;
  session_id: string | null;
  turn_id: string | null;
  request_id: string | null;
  text: string | null;
  cited_asset_ids: string[] | null;
  /** The prompt of the same turn (or request): the user's question. */
  prompt_text: string | null;
  prompt_category: string | null;
  /** The multi-hop question the answer names (`question_id`); null for any other answer. */
  question_id: string | null;
  /** That question's text and gold answer, from its definition (null without a `question` event, or without a gold answer). */
  question_text: string | null;
  gold_answer: string | null;
  gate_decision: string | null;
  gate_reason: string | null;
  dense_score: number | null;
  sparse_score: number | null;
  top_gap: number | null;
  doc_count: number | null;
  gate_category: string | null;
  /** The retrieval the gate judged. */
  gate_retrieval_id: string | null;
}

/** One retrieval of a response's request, as the retriever returned it. */
export interface ReviewRetrievalRow {
  response_id: string;
  retrieval_id: string;
  ts: number | null;
  query: string | null;
  role: string | null;
  retriever: string | null;
  returned_asset_ids: string[] | null;
  scores: number[] | null;
}

/** A catalog entry (asset_catalog) of an asset returned or cited. */
export interface ReviewAssetRow {
  asset_id: string;
  title: string | null;
  text: string | null;
  kind: string | null;
}

export interface ContextAsset {
  asset_id: string;
  /** 1-based position in the retriever's list; null for a cited asset no retrieval returned. */
  rank: number | null;
  score: number | null;
  /** From the catalog; null when the catalog does not list the asset. */
  title: string | null;
  text: string | null;
  kind: string | null;
  /** The answer cites it (cited_asset_ids). */
  cited: boolean;
}

export interface ContextRetrieval {
  retrieval_id: string;
  ts: number | null;
  query: string | null;
  role: string | null;
  retriever: string | null;
  /** The retrieval whose scores the gate decided on. */
  gatedOn: boolean;
  assets: ContextAsset[];
}

export interface GateDecision {
  decision: string;
  reason: string | null;
  category: string | null;
  dense_score: number | null;
  sparse_score: number | null;
  top_gap: number | null;
  doc_count: number | null;
  retrieval_id: string | null;
}

export interface ReviewItem {
  response: ReviewResponseRow;
  question: string | null;
  /** Null when no gate event shares the response's request. */
  gate: GateDecision | null;
  retrievals: ContextRetrieval[];
  /** Assets the answer cites that no retrieval of its request returned. */
  citedNotReturned: ContextAsset[];
  /** How many cited assets some retrieval returned. */
  citedReturned: number;
}

/** The review item of one response from its rows (retrievals of other responses are ignored). */
export function shapeReviewItem(response: ReviewResponseRow, retrievals: readonly ReviewRetrievalRow[], assets: readonly ReviewAssetRow[]): ReviewItem {
  const catalog = new Map(assets.map((asset) => [asset.asset_id, asset]));
  const cited = new Set(response.cited_asset_ids ?? []);
  const asset = (asset_id: string, rank: number | null, score: number | null): ContextAsset => {
    const entry = catalog.get(asset_id);
    return { asset_id, rank, score, title: entry?.title ?? null, text: entry?.text ?? null, kind: entry?.kind ?? null, cited: cited.has(asset_id) };
  };
  const context = retrievals
    .filter((row) => row.response_id === response.event_id)
    .map((row): ContextRetrieval => ({
      retrieval_id: row.retrieval_id, ts: row.ts, query: row.query, role: row.role, retriever: row.retriever,
      gatedOn: row.retrieval_id === response.gate_retrieval_id,
      assets: (row.returned_asset_ids ?? []).map((id, index) => asset(id, index + 1, row.scores?.[index] ?? null)),
    }));
  const returned = new Set(context.flatMap((retrieval) => retrieval.assets.map((item) => item.asset_id)));
  const gate: GateDecision | null = response.gate_decision === null ? null : {
    decision: response.gate_decision, reason: response.gate_reason, category: response.gate_category,
    dense_score: response.dense_score, sparse_score: response.sparse_score, top_gap: response.top_gap,
    doc_count: response.doc_count, retrieval_id: response.gate_retrieval_id,
  };
  return {
    response,
    question: response.prompt_text,
    gate,
    retrievals: context,
    citedNotReturned: [...cited].filter((id) => !returned.has(id)).map((id) => asset(id, null, null)),
    citedReturned: [...cited].filter((id) => returned.has(id)).length,
  };
}
