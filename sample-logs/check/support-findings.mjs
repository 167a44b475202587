// Customer-service scenarios: weekly thumbs-down, the handoff jump, the eval set and the
// eval-versus-production recall gap, recomputed from customer-service.jsonl.
import { isoWeek } from '../gen/clock.mjs';
import { tsMillis } from './schema.mjs';

const KB_CHANGE = Date.UTC(2026, 9, 12);
const K = 5;

const recallAt = (returned, relevant) => (relevant.size ? returned.slice(0, K).filter((id) => relevant.has(id)).length / relevant.size : 0);
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export function supportFindings(events) {
  const weeks = {};
  for (const f of events.filter((e) => e.type === 'feedback')) {
    const week = (weeks[isoWeek(tsMillis(f.ts))] ??= { total: 0, down: 0 });
    week.total += 1;
    if (f.rating === 'down') week.down += 1;
  }
  const handoff = {};
  for (const g of events.filter((e) => e.type === 'gate')) {
    const bucket = ((handoff[g.category] ??= { before: [0, 0], after: [0, 0] })[tsMillis(g.ts) < KB_CHANGE ? 'before' : 'after']);
    bucket[1] += 1;
    if (g.decision === 'handoff') bucket[0] += 1;
  }
  const retrievals = events.filter((e) => e.type === 'retrieval');
  const cases = events.filter((e) => e.type === 'eval_case');
  const evalMatches = cases.map((c) => retrievals.filter((r) => r.query === c.query));
  const evalRecall = mean(cases.map((c, i) => [c, evalMatches[i][0]]).filter(([c]) => c.gold_asset_ids.length)
    .map(([c, r]) => recallAt(r.returned_asset_ids, new Set(c.gold_asset_ids))));

  const production = retrievals.filter((r) => r.session_id !== 'eval-run-1');
  const relevant = new Map();
  const judged = new Set();
  for (const l of events.filter((e) => e.type === 'label' && e.kind === 'relevance')) {
    const targets = l.retrieval_id ? [l.retrieval_id] : production.filter((r) => r.query === l.query).map((r) => r.retrieval_id);
    for (const rid of targets) {
      judged.add(rid);
      if (!relevant.has(rid)) relevant.set(rid, new Set());
      if (l.grade >= 1) relevant.get(rid).add(l.asset_id);
    }
  }
  const productionRecall = mean(production.filter((r) => judged.has(r.retrieval_id)).map((r) => recallAt(r.returned_asset_ids, relevant.get(r.retrieval_id))));
  return {
    weeks: Object.fromEntries(Object.entries(weeks).sort().map(([w, v]) => [w, { ...v, rate: v.down / v.total }])),
    handoff,
    evalCases: cases.length,
    negativeShare: cases.filter((c) => !c.should_answer).length / cases.length,
    evalCasesWithOneRetrieval: evalMatches.filter((m) => m.length === 1).length,
    evalRecall,
    productionJudged: production.filter((r) => judged.has(r.retrieval_id)).length,
    productionRecall,
    answerReviews: events.filter((e) => e.type === 'label' && e.kind === 'answer_review').length,
  };
}
