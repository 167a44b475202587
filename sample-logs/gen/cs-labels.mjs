// Customer-service labels and eval set: the offline eval cases with their eval-run retrievals,
// relevance labels on production queries (by retrieval_id and by query), and weekly answer reviews.
import { DAY, HOUR, iso, isoWeek, utc } from './clock.mjs';
import { KB_DOCS, evalCases } from './cs-knowledge.mjs';
import { idSequence, makeRandom, round } from './random.mjs';

const EVAL_RUN_START = utc(2026, 9, 3, 2);
const REVIEWS_PER_WEEK = 12;
const docCategory = new Map(KB_DOCS.map((d) => [d.id, d.category]));
const categoryOf = (id) => docCategory.get(id) ?? (id.startsWith('kb-ins') ? 'shipping-insurance' : null);

/** eval_case events, each with one eval-run retrieval of exactly the same query. */
export function evalSet(seed) {
  const rng = makeRandom(seed);
  const nextEventId = idSequence('cs-eval-e', 4);
  const nextRetrievalId = idSequence('r-', 6, 300001);
  const events = [];
  let negatives = 0;
  evalCases(rng).forEach((c, i) => {
    events.push({ type: 'eval_case', event_id: nextEventId(), query: c.query, gold_asset_ids: c.gold, should_answer: c.gold.length > 0, category: c.category });
    const sameCategory = KB_DOCS.filter((d) => d.category === c.category).map((d) => d.id);
    let ids;
    let top;
    if (c.gold.length) {
      const placement = rng.weighted([['first', 85], ['lower', 7], ['missing', 8]]);
      const rest = rng.shuffle(sameCategory.filter((id) => id !== c.gold[0]));
      ids = placement === 'first' ? [c.gold[0], ...rest] : placement === 'lower' ? [rest[0], c.gold[0], ...rest.slice(1)] : rest;
      top = placement === 'missing' ? rng.float(0.45, 0.68) : rng.float(0.58, 0.93);
    } else {
      negatives += 1;
      ids = negatives <= 2 ? [] : rng.sample(sameCategory, 4); // two negatives retrieve nothing at all
      top = rng.float(0.3, 0.68);
    }
    ids = ids.slice(0, rng.int(3, 5));
    let score = top;
    const scores = ids.map((_, k) => round(k === 0 ? score : (score -= rng.float(0.02, 0.12)), 4));
    events.push({
      type: 'retrieval', event_id: nextEventId(), ts: iso(EVAL_RUN_START + i * 1700), session_id: 'eval-run-1', surface: 'eval',
      retrieval_id: nextRetrievalId(), query: c.query, role: 'reference', returned_asset_ids: ids, scores,
      ...(ids.length ? { dense_score: scores[0] } : {}), retriever: 'bm25+dense-rrf', latency_ms: rng.int(90, 500),
    });
  });
  return events;
}

const label = (eventId, kind, annotator, ms, fields) => ({ type: 'label', event_id: eventId, kind, annotator, ts: iso(ms), ...fields });

function gradeFor(served, docId) {
  const gold = served.liveGold;
  return gold.includes(docId) ? (gold.indexOf(docId) === 0 ? 3 : 2) : 0;
}

/** Relevance labels on a sample of production retrievals, two annotators on a few. */
function productionRelevance(rng, served, nextEventId) {
  const labels = [];
  const sample = rng.sample(served.filter((s) => s.returned.length), 72).sort((a, b) => a.ms - b.ms);
  sample.forEach((s, i) => {
    const judged = [...new Set(s.liveGold.concat(s.returned.slice(0, 2)))];
    const team = i % 7 === 0 ? ['cs-ann-li', 'cs-ann-zhou'] : [i % 2 ? 'cs-ann-li' : 'cs-ann-zhou'];
    team.forEach((annotator, position) => judged.forEach((docId, k) => {
      const truth = gradeFor(s, docId);
      // The second annotator finds a same-category article "somewhat relevant" now and then.
      const grade = position > 0 && truth === 0 && categoryOf(docId) === s.ask.category && rng.chance(0.5) ? 1 : truth;
      labels.push(label(nextEventId(), 'relevance', annotator, s.ms + 2 * DAY + position * HOUR + k * 30000, { retrieval_id: s.retrievalId, asset_id: docId, grade }));
    }));
  });
  return labels;
}

/** Query-form labels: one judgment of a frequent phrasing covers every retrieval with that text. */
function queryRelevance(served, nextEventId) {
  const counts = new Map();
  for (const s of served) if (s.ask.gold.every((id) => !id.startsWith('kb-ins'))) counts.set(s.ask.text, (counts.get(s.ask.text) ?? 0) + 1);
  const frequent = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 6);
  const labels = [];
  frequent.forEach(([query], i) => {
    const s = served.find((x) => x.ask.text === query);
    const related = KB_DOCS.find((d) => d.category === s.ask.category && !s.ask.gold.includes(d.id));
    const ms = utc(2026, 11, 16, 10) + i * HOUR;
    s.ask.gold.forEach((docId, k) => labels.push(label(nextEventId(), 'relevance', 'cs-ann-li', ms + k * 60000, { query, asset_id: docId, grade: k === 0 ? 3 : 2 })));
    labels.push(label(nextEventId(), 'relevance', 'cs-ann-li', ms + 5 * 60000, { query, asset_id: related.id, grade: 0 }));
  });
  return labels;
}

const VERDICT_NOTES = {
  correct: 'matches the policy article', partial: 'right article, misses the deadline detail',
  wrong: 'cites an unrelated article', unsupported: 'states a rule the cited article does not contain',
};

/** Weekly sample of answered responses reviewed by people. */
function answerReviews(rng, served, nextEventId) {
  const byWeek = new Map();
  for (const s of served.filter((x) => x.decision === 'answer')) {
    const week = isoWeek(s.ms);
    byWeek.set(week, [...(byWeek.get(week) ?? []), s]);
  }
  const labels = [];
  for (const [, answered] of [...byWeek.entries()].sort()) {
    for (const s of rng.sample(answered, REVIEWS_PER_WEEK).sort((a, b) => a.ms - b.ms)) {
      const verdict = s.hit ? rng.weighted([['correct', 85], ['partial', 10], ['unsupported', 5]]) : rng.weighted([['wrong', 60], ['unsupported', 25], ['partial', 15]]);
      labels.push(label(nextEventId(), 'answer_review', rng.pick(['qa-reviewer-1', 'qa-reviewer-2']), s.ms + rng.int(2, 5) * DAY, { target_event_id: s.responseId, verdict, note: VERDICT_NOTES[verdict] }));
    }
  }
  return labels;
}

export function customerServiceLabels(served, seed) {
  const rng = makeRandom(seed);
  const nextEventId = idSequence('cs-label-e', 4);
  return productionRelevance(rng, served, nextEventId)
    .concat(queryRelevance(served, nextEventId), answerReviews(rng, served, nextEventId))
    .sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
}
