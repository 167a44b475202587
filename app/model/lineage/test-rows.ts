/** Small builders for the lineage model's tests: only what a case needs, the rest defaulted. */
import type { LineageActionRow, LineageInput, LineageRetrievalRow } from './rows';

let seq = 0;
/** 2026-10-01T10:00:00Z plus `minutes`. */
export const at = (minutes: number) => Date.UTC(2026, 9, 1, 10) + minutes * 60_000;

export const retrievalRow = (id: string, returned: string[], fields: Partial<LineageRetrievalRow> = {}): LineageRetrievalRow => ({
  retrieval_id: id, event_id: `ev-${id}`, session_id: 's1', request_id: 'q1', turn_id: 't1', ts: at(0), seq: seq++,
  query: `query of ${id}`, role: 'find', returned_asset_ids: returned, scores: null, rewrite_of: null,
  judged: false, p_at_1: null, ndcg_at_k: null, tier1_bad: false, matrix_cell: null, orf_signals: 'none', ...fields,
});

export const actionRow = (eventId: string, actor: string, action: string, fields: Partial<LineageActionRow> = {}): LineageActionRow => ({
  event_id: eventId, seq: seq++, ts: at(1), session_id: 's1', user_id: 'u1', request_id: 'q1', turn_id: 't1', actor, action,
  consumed_asset_id: null, source_retrieval_id: null, effective_source_retrieval_id: fields.source_retrieval_id ?? null,
  inherited: false, inherited_from_event_id: null, ...fields,
});

/** Every retrieval complete unless `incomplete` names it. */
export const lineageInput = (retrievals: LineageRetrievalRow[], actions: LineageActionRow[], incomplete: string[] = []): LineageInput => ({
  retrievals,
  actions,
  assets: [],
  relevance: [],
  completeRetrievals: new Set(retrievals.map((row) => row.retrieval_id).filter((id) => !incomplete.includes(id))),
});
