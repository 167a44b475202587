// The retriever trial, recomputed from retrieval-trial.jsonl: every query replayed and judged in
// both arms, and the paired nDCG@10 comparison (docs/metrics.md, "Comparing two slices").
import { makeRandom } from '../gen/random.mjs';

const K = 10;
const FLIPS = 20000;

/** nDCG@K of one retrieval from its labels (grades by asset; unjudged returned = 0). */
export function ndcgAt(returned, grades) {
  const seen = new Set();
  let dcg = 0;
  returned.slice(0, K).forEach((id, i) => {
    if (seen.has(id)) return;
    seen.add(id);
    dcg += (grades.get(id) ?? 0) / Math.log2(i + 2);
  });
  const ideal = [...grades.values()].sort((a, b) => b - a).slice(0, K).reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Two-sided paired randomization test over random sign flips (seeded), observed included. */
function randomizationP(deltas) {
  const rng = makeRandom(17);
  const observed = Math.abs(mean(deltas));
  let atLeast = 1;
  for (let f = 0; f < FLIPS; f++) {
    const flipped = deltas.reduce((sum, d) => sum + (rng.chance(0.5) ? -d : d), 0) / deltas.length;
    if (Math.abs(flipped) >= observed - 1e-12) atLeast += 1;
  }
  return atLeast / (FLIPS + 1);
}

/** `arms`: [baseline run_id, candidate run_id]; `otherQueries`: query texts of the other files. */
export function trialFindings(events, arms, otherQueries) {
  const retrievals = events.filter((e) => e.type === 'retrieval');
  const grades = new Map();
  for (const l of events.filter((e) => e.type === 'label' && e.kind === 'relevance')) {
    if (!grades.has(l.retrieval_id)) grades.set(l.retrieval_id, new Map());
    grades.get(l.retrieval_id).set(l.asset_id, l.grade);
  }
  const perArm = arms.map((runId) => {
    const byQuery = new Map();
    for (const r of retrievals.filter((x) => x.run_id === runId)) byQuery.set(r.query, [...(byQuery.get(r.query) ?? []), r]);
    return byQuery;
  });
  const queries = new Set(retrievals.map((r) => r.query));
  const inBoth = [...queries].filter((q) => perArm.every((byQuery) => byQuery.has(q)));
  // Paired as docs/metrics.md says: a judged retrieval of the query in each arm; its value = the mean over them.
  const judged = (byQuery, q) => (byQuery.get(q) ?? []).filter((r) => grades.has(r.retrieval_id));
  const judgedInBoth = inBoth.filter((q) => perArm.every((byQuery) => judged(byQuery, q).length > 0));
  const value = (byQuery, q) => mean(judged(byQuery, q).map((r) => ndcgAt(r.returned_asset_ids, grades.get(r.retrieval_id))));
  const deltas = judgedInBoth.map((q) => value(perArm[1], q) - value(perArm[0], q));
  return {
    queries: queries.size,
    inBoth: inBoth.length,
    judgedInBoth: judgedInBoth.length,
    unjudgedRetrievals: retrievals.filter((r) => !grades.has(r.retrieval_id)).length,
    rerunQueries: perArm.map((byQuery) => [...byQuery.values()].filter((rs) => rs.length > 1).length),
    sessionsPerArm: perArm.map((byQuery) => new Set([...byQuery.values()].flat().map((r) => r.session_id)).size),
    surfaces: [...new Set(retrievals.map((r) => r.surface))],
    retrievers: arms.map((runId) => [...new Set(retrievals.filter((r) => r.run_id === runId).map((r) => r.retriever))]),
    sharedWithOtherFiles: [...queries].filter((q) => otherQueries.has(q)).length,
    ndcg: perArm.map((byQuery) => mean(judgedInBoth.map((q) => value(byQuery, q)))),
    /** nDCG@10 of B − A per paired query. */
    deltas: new Map(judgedInBoth.map((q, i) => [q, deltas[i]])),
    meanDelta: mean(deltas),
    gains: deltas.filter((d) => d > 1e-9).length,
    losses: deltas.filter((d) => d < -1e-9).length,
    pValue: randomizationP(deltas),
  };
}
