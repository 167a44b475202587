import { makeRelevance, makeRetrieval, type TestEvent } from '../metrics/fixtures';

/**
 * A comparison written out by hand at K = 3 (the pool's tests, and `export --pool`): slice A is surface `chat`, B surface `editor`.
 * 1/log2(2) = 1, 1/log2(3) = 0.6309298, 1/log2(4) = 0.5.
 */
const inA = (id: string, query: string, returned: string[]) => makeRetrieval(id, { query, surface: 'chat', returned_asset_ids: returned });
const inB = (id: string, query: string, returned: string[]) => makeRetrieval(id, { query, surface: 'editor', returned_asset_ids: returned });

export const POOL_DATASET: TestEvent[] = [
  // q1: p unlabeled at 1 (rA1), 2 (rB1) and 1 (rB2, p repeated counts once) → 1 + 0.6309298 + 1;
  // r at 3 (rA1) and 1 (rB1) → 1.5; u at 2 (rB2) → 0.6309298; s at 4 is beyond K; q and t are labeled (t graded 0).
  inA('rA1', 'q1', ['p', 'q', 'r', 's']), makeRelevance('rA1', 'q', 1),
  inB('rB1', 'q1', ['r', 'p', 't']), makeRelevance('rB1', 't', 0),
  inB('rB2', 'q1', ['p', 'p', 'u']), makeRelevance('rB2', 'x', 1),
  // q2: m at 1 in both → 2; w at 3 (rB3) → 0.5
  inA('rA2', 'q2', ['m', 'n']), makeRelevance('rA2', 'n', 2),
  inB('rB3', 'q2', ['m', 'o', 'w']), makeRelevance('rB3', 'o', 1),
  // q0: the same three assets in opposite orders: k1 and k3 → 1 + 0.5 = 1.5 (a tie with q1·r), k2 → 2 × 0.6309298
  inA('rA4', 'q0', ['k1', 'k2', 'k3']), makeRelevance('rA4', 'kz', 1),
  inB('rB4', 'q0', ['k3', 'k2', 'k1']), makeRelevance('rB4', 'kz', 1),
  // q3: judged in A only; q4: unjudged in B: neither is paired, so z and y are in no pool
  inA('rA3', 'q3', ['z']), makeRelevance('rA3', 'zz', 1),
  inA('rA5', 'q4', ['y']), makeRelevance('rA5', 'yy', 1),
  inB('rB5', 'q4', ['y']),
  // q5: v labeled at 1 in A, unlabeled at 2 in B → 0.6309298 from B's list alone, yet its rank in A is 1
  inA('rA6', 'q5', ['v']), makeRelevance('rA6', 'v', 1),
  inB('rB6', 'q5', ['x5', 'v']), makeRelevance('rB6', 'x5', 0),
  { type: 'asset', asset_id: 'p', title: 'Asset p', text: 'the text of p' },
  // g: fully labeled at rank 1 in both: relevant for retriever good, not for bad (surface other, in neither slice above)
  makeRetrieval('rG', { query: 'g', surface: 'other', retriever: 'good', returned_asset_ids: ['g1'] }), makeRelevance('rG', 'g1', 1),
  makeRetrieval('rH', { query: 'g', surface: 'other', retriever: 'bad', returned_asset_ids: ['g2'] }), makeRelevance('rH', 'g2', 0),
];
