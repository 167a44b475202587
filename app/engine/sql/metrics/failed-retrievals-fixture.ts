import { expect } from 'vitest';
import { makeAction, makeFeedback, makeRelevance, makeRetrieval, type TestEvent } from './fixtures';

/**
 * A small log with judged and unjudged, empty and failed retrievals (docs/log-format.md, "Empty vs
 * failed"), and its numbers worked by hand at K = 5, for the DuckDB-wasm engine
 * (failed-retrievals.test.ts) and ClickHouse (../../clickhouse/failed-retrievals.chdb.test.ts).
 *
 * s1 (role find): r1 returns a1, a2, a3 (a1 grade 0, a2 grade 2): P@1 0, P@5 1/5, recall 1/1,
 *     RR 1/2, DCG@5 = 2/log2(3) = 1.26186, IDCG@5 = 2, nDCG 0.63093: Tier 1 bad, no ORF → masked.
 *   r2 returns b1 (grade 1), selected by the user: P@1 1, P@5 1/5, recall 1, RR 1, nDCG 1 → healthy.
 *   r3 returns nothing, judged (c1 grade 2, not returned): empty, every score 0 → masked.
 * s2 (role step): r4 raised (`error`, no list), judged (d1 grade 3), down-voted: failed, every
 *     score 0, Tier 1 bad (P@1 = 0) with ORF → visible failure.
 *   r5 raised (`error`, an empty list), unjudged: failed.
 * s3 (role find): r6 has no returned_asset_ids, unjudged: empty. r7 returns e1, unjudged.
 *
 * Retrievals 7; empty r3, r6: 2/7 (the old rule, every retrieval that returned nothing, gave 4/7);
 * failed r4, r5: 2. Judged r1–r4, so the averages are over 4, r4 scored 0:
 * P@1 (0 + 1 + 0 + 0)/4 = 0.25; P@5 (0.2 + 0.2 + 0 + 0)/4 = 0.1; recall@5 (1 + 1 + 0 + 0)/4 = 0.5;
 * nDCG@5 (0.63093 + 1 + 0 + 0)/4 = 0.40773; MRR (0.5 + 1 + 0 + 0)/4 = 0.375.
 * (Leaving r4 out of the judged would have given P@1 1/3.)
 */
export const FAILED_RETRIEVALS_LOG: TestEvent[] = [
  makeRetrieval('r1', { session_id: 's1', turn_id: 't1', request_id: 'q1', role: 'find', returned_asset_ids: ['a1', 'a2', 'a3'] }),
  makeRelevance('r1', 'a1', 0), makeRelevance('r1', 'a2', 2),
  makeRetrieval('r2', { session_id: 's1', turn_id: 't1', request_id: 'q1', role: 'find', returned_asset_ids: ['b1'] }),
  makeRelevance('r2', 'b1', 1),
  makeAction('user', 'select', { session_id: 's1', consumed_asset_id: 'b1', source_retrieval_id: 'r2' }),
  makeRetrieval('r3', { session_id: 's1', turn_id: 't1', request_id: 'q1', role: 'find', returned_asset_ids: [] }),
  makeRelevance('r3', 'c1', 2),

  makeRetrieval('r4', { session_id: 's2', turn_id: 't2', request_id: 'q2', role: 'step', returned_asset_ids: undefined, error: 'TimeoutError: the vector store did not answer in 30 s' }),
  makeRelevance('r4', 'd1', 3),
  makeFeedback('down', { session_id: 's2', retrieval_id: 'r4' }),
  makeRetrieval('r5', { session_id: 's2', turn_id: 't2', request_id: 'q2', role: 'step', returned_asset_ids: [], error: 'ConnectionError' }),

  makeRetrieval('r6', { session_id: 's3', turn_id: 't3', request_id: 'q3', role: 'find', returned_asset_ids: undefined }),
  makeRetrieval('r7', { session_id: 's3', turn_id: 't3', request_id: 'q3', role: 'find', returned_asset_ids: ['e1'] }),
];

/** The settings the numbers are worked at. */
export const FAILED_RETRIEVALS_K = 5;

/** Per retrieval: [is_empty, failed, judged]. */
export const FAILED_RETRIEVALS_FLAGS: Record<string, [boolean, boolean, boolean]> = {
  r1: [false, false, true], r2: [false, false, true], r3: [true, false, true], r4: [false, true, true],
  r5: [false, true, false], r6: [true, false, false], r7: [false, false, false],
};

/**
 * Judged@5 over the retrievals that returned something (r1, r2, r7; never the failed ones):
 * r1 2/3 (a1 and a2 labeled), r2 1/1, r7 0/1 → 5/9.
 */
export const FAILED_RETRIEVALS_TIER1 = {
  k: 5, retrievals: 7, empty_result_rate: 2 / 7, failed: 2, judged: 4,
  p_at_1: 0.25, p_at_k: 0.1, recall_at_k: 0.5, ndcg_at_k: 0.40773, mrr: 0.375, judged_at_k: 5 / 9,
};

/**
 * The high bounds: only r1 has an unlabeled asset among its first 5 (a3, rank 3), as grade 1:
 * P@1 still 0 (a1 is graded 0), P@5 2/5, RR 1/2, DCG = 2/log2(3) + 1/2 = 1.76186, IDCG = 2 + 1/log2(3)
 * = 2.63093, nDCG 0.66967. Over r1–r4: P@1 0.25, P@5 (0.4 + 0.2)/4 = 0.15, nDCG (0.66967 + 1)/4
 * = 0.41742, MRR 0.375. The low bounds are the figures.
 */
export const FAILED_RETRIEVALS_BOUNDS = {
  p_at_1: { low: 0.25, high: 0.25 },
  p_at_k: { low: 0.1, high: 0.15 },
  ndcg_at_k: { low: 0.40773, high: 0.41742 },
  mrr: { low: 0.375, high: 0.375 },
};

/**
 * By role: find = r1, r2, r3 judged of 5: P@1 1/3, P@5 0.4/3, recall 2/3, nDCG 1.63093/3 = 0.54364,
 * MRR 1.5/3; step = r4 judged of 2 (r4, r5), every score 0. No `failed` per role (docs/metrics.md).
 */
export const FAILED_RETRIEVALS_TIER1_BY_ROLE = {
  find: { retrievals: 5, judged: 3, p_at_1: 1 / 3, p_at_k: 0.4 / 3, recall_at_k: 2 / 3, ndcg_at_k: 0.54364, mrr: 0.5 },
  step: { retrievals: 2, judged: 1, p_at_1: 0, p_at_k: 0, recall_at_k: 0, ndcg_at_k: 0, mrr: 0 },
};

/** Tier 2 over all 7 (failed ones too): GPR r2, ORF r4, UOR the other 5. */
export const FAILED_RETRIEVALS_TIER2 = { retrievals: 7, gpr: 1 / 7, acr: 0, orf: 1 / 7, uor: 5 / 7 };

/** healthy r2; visible failure r4 (failed, down-voted); masked r1, r3, both silent. */
export const FAILED_RETRIEVALS_MATRIX = { healthy: 1, downstream: 0, visible_failure: 1, masked: 2, masked_consumed: 0, masked_silent: 2 };

/** The Sessions list's retrieval signals: empty never counts a failed retrieval. */
export const FAILED_RETRIEVALS_SESSIONS = {
  s1: { retrievals: 3, empty: 1, failed: 0, masked: 2, orf: 0 },
  s2: { retrievals: 2, empty: 0, failed: 2, masked: 0, orf: 1 },
  s3: { retrievals: 2, empty: 1, failed: 0, masked: 0, orf: 0 },
};

/** The expected numbers with each fraction as `expect.closeTo` to 4 decimals (hand-worked to 5, or exact fractions); counts exact. */
export const approx = (expected: Record<string, number>) =>
  Object.fromEntries(Object.entries(expected).map(([key, value]) => [key, Number.isInteger(value) ? value : expect.closeTo(value, 4)]));

export const approxBounds = (expected: Record<string, Record<string, number>>) =>
  Object.fromEntries(Object.entries(expected).map(([figure, range]) => [figure, approx(range)]));
