// retrieval-trial.jsonl: an offline replay of the same support questions through the current
// hybrid retriever (BM25 + dense, rank fusion; release-41) and a dense-only candidate (dense-v4;
// release-42), each retrieval judged by graded relevance labels. The candidate wins on colloquial
// paraphrases and loses on product codes and proper nouns (seed 004), so overall it is worse.
import { DAY, HOUR, SECOND, iso, utc } from './clock.mjs';
import { KB_DOCS, RECHUNKED } from './cs-knowledge.mjs';
import { idSequence, makeRandom, pad, round } from './random.mjs';
import { LITERAL, PARAPHRASE } from './trial-queries.mjs';

export const TRIAL_ARMS = [
  { runId: 'release-41', retriever: 'bm25+dense-rrf', tag: '41', start: utc(2026, 11, 17, 1) },
  { runId: 'release-42', retriever: 'dense-v4', tag: '42', start: utc(2026, 11, 18, 1) },
];
const LIST_SIZE = 5;
const JUDGED_DEPTH = 3;
const ANNOTATORS = ['trial-ann-wu', 'trial-ann-chen'];

// Where the first gold article lands, by kind of question and retriever (rank, or null = missing).
const PLACEMENT = {
  literal: { 'bm25+dense-rrf': [[1, 80], [2, 10], [3, 4], [null, 6]], 'dense-v4': [[1, 25], [2, 15], [3, 12], [5, 8], [null, 40]] },
  paraphrase: { 'bm25+dense-rrf': [[1, 55], [2, 18], [3, 10], [5, 4], [null, 13]], 'dense-v4': [[1, 78], [2, 12], [3, 5], [null, 5]] },
};
// A few questions are replayed twice in one arm: the dense index's approximate search can return
// another list for the same text; the hybrid retry (after a timeout) returns the same list.
const RERUNS = { 'bm25+dense-rrf': 4, 'dense-v4': 8 };

// In November the shipping-insurance articles exist only as their re-chunked pages.
const INDEX = KB_DOCS.flatMap((d) => (RECHUNKED[d.id] ?? [d.id]).map((id) => ({ id, category: d.category })));
const categoryOf = new Map(INDEX.map((d) => [d.id, d.category]));
const live = (ids) => ids.flatMap((id) => RECHUNKED[id] ?? [id]);

function rankedList(rng, question, arm) {
  const placement = rng.weighted(PLACEMENT[question.kind][arm.retriever]);
  const [first, ...rest] = question.gold;
  const sameCategory = rng.shuffle(INDEX.filter((d) => d.category === question.category && !question.gold.includes(d.id)).map((d) => d.id));
  const elsewhere = rng.shuffle(INDEX.filter((d) => d.category !== question.category).map((d) => d.id));
  // A miss of the dense path drifts to another topic; a miss of the keyword path stays near the words.
  const fill = placement === null && arm.retriever === 'dense-v4' ? elsewhere.slice(0, 3).concat(sameCategory, elsewhere.slice(3)) : sameCategory.concat(elsewhere);
  const ids = fill.filter((id) => !rest.includes(id) || rng.chance(0.4)).slice(0, LIST_SIZE);
  if (placement !== null) {
    ids.splice(placement - 1, 0, first);
    if (rest.length && rng.chance(0.6)) ids.splice(Math.min(placement, LIST_SIZE - 1), 0, ...rest.filter((id) => !ids.includes(id)));
  }
  return [...new Set(ids)].slice(0, LIST_SIZE);
}

function scoresFor(rng, arm, size) {
  if (arm.retriever === 'dense-v4') {
    let score = rng.float(0.62, 0.88);
    return Array.from({ length: size }, (_, i) => round(i === 0 ? score : (score -= rng.float(0.01, 0.06)), 4));
  }
  // Reciprocal rank fusion (k = 60) of the two paths' ranks.
  const fused = Array.from({ length: size }, (_, i) => 1 / (61 + i) + 1 / (61 + i + rng.int(0, 6)));
  return fused.sort((a, b) => b - a).map((s) => round(s, 5));
}

function retrievalEvent(ctx, arm, question, index, ms) {
  const { rng } = ctx;
  const ids = rankedList(rng, question, arm);
  const scores = scoresFor(rng, arm, ids.length);
  const dense = arm.retriever === 'dense-v4' ? scores[0] : round(rng.float(0.5, 0.86), 4);
  const sparse = arm.retriever === 'dense-v4' ? {} : { sparse_score: round(question.kind === 'literal' ? rng.float(7, 15) : rng.float(2, 8), 3) };
  return {
    type: 'retrieval', event_id: ctx.nextEventId(), ts: iso(ms), session_id: `rt-${arm.tag}-q${pad(index + 1, 3)}`, surface: 'replay', run_id: arm.runId,
    retrieval_id: ctx.nextRetrievalId(), query: question.query, role: 'reference', returned_asset_ids: ids, scores,
    dense_score: dense, ...sparse, retriever: arm.retriever, latency_ms: arm.retriever === 'dense-v4' ? rng.int(40, 160) : rng.int(110, 420),
  };
}

/** One pooled judgment per question and article, so both arms are judged alike. */
function grader(rng, question) {
  const grades = new Map(question.gold.map((id, i) => [id, i === 0 ? 3 : 2]));
  return (id) => {
    if (!grades.has(id)) grades.set(id, categoryOf.get(id) === question.category && rng.chance(0.3) ? 1 : 0);
    return grades.get(id);
  };
}

function labelsFor(ctx, retrieval, question, grade, ms) {
  const judged = [...new Set(question.gold.concat(retrieval.returned_asset_ids.slice(0, JUDGED_DEPTH)))];
  return judged.map((assetId, k) => ({
    type: 'label', event_id: ctx.nextLabelId(), kind: 'relevance', annotator: question.annotator, ts: iso(ms + k * 20 * SECOND),
    retrieval_id: retrieval.retrieval_id, asset_id: assetId, grade: grade(assetId),
  }));
}

function trialQuestions(rng) {
  const tagged = (kind) => ([query, gold]) => ({ query, kind, gold: live(gold), category: categoryOf.get(live(gold)[0]) });
  const questions = rng.shuffle(LITERAL.map(tagged('literal')).concat(PARAPHRASE.map(tagged('paraphrase'))));
  questions.forEach((q, i) => (q.annotator = ANNOTATORS[i % ANNOTATORS.length]));
  return questions;
}

export function generateRetrievalTrial(seed) {
  const rng = makeRandom(seed);
  const ctx = { rng, nextEventId: idSequence('rt-e', 4), nextLabelId: idSequence('rt-label-e', 4), nextRetrievalId: idSequence('r-', 6, 400001) };
  const questions = trialQuestions(rng);
  const retrievals = [];
  const labels = [];
  for (const arm of TRIAL_ARMS) {
    const reruns = new Set(rng.sample(questions.map((_, i) => i), RERUNS[arm.retriever]));
    questions.forEach((question, i) => {
      question.grade ??= grader(rng, question);
      let ms = arm.start + i * 7 * SECOND + rng.int(0, 3000);
      const first = retrievalEvent(ctx, arm, question, i, ms);
      const runs = [first];
      if (reruns.has(i)) {
        ms += rng.int(2, 5) * SECOND;
        const again = retrievalEvent(ctx, arm, question, i, ms);
        const { returned_asset_ids, scores, dense_score, sparse_score } = first;
        runs.push(arm.retriever === 'dense-v4' ? again : { ...again, returned_asset_ids, scores, dense_score, sparse_score });
      }
      retrievals.push(...runs);
      const judgedAt = arm.start + 2 * DAY + 8 * HOUR + i * 3 * 60 * SECOND;
      runs.forEach((r, k) => labels.push(...labelsFor(ctx, r, question, question.grade, judgedAt + k * 90 * SECOND)));
    });
  }
  return { events: retrievals.concat(labels.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0))), questions };
}
