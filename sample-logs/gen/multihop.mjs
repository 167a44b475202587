// multihop-qa.json: a multi-hop QA agent answering the same questions in two runs
// ("baseline" without a sub-question registry, "registry" with one). Scripts in multihop-scripts.mjs.
import { MINUTE, iso, utc } from './clock.mjs';
import { FILLER, PASSAGES, QUESTIONS } from './multihop-corpus.mjs';
import { RUNS } from './multihop-scripts.mjs';
import { idSequence, makeRandom, round } from './random.mjs';

const RUN_START = { baseline: utc(2026, 10, 19, 9), registry: utc(2026, 10, 20, 9) };
const RESULTS_PER_SEARCH = 5;

export const passageAssets = () => PASSAGES.map(([id, title, text]) => ({ type: 'asset', asset_id: id, kind: 'passage', title, text }));

function questionEvent(q, nextEventId) {
  return { type: 'question', event_id: nextEventId(), question_id: q.id, text: q.text, entities: q.entities, gold_answer: q.answer, gold_evidence_ids: q.gold };
}

/** Runs one script for one question; returns its events in time order. */
function runQuestion(rng, ids, q, runId, startMs) {
  const session = `mh-${runId}-${q.id}`;
  const base = { session_id: session, turn_id: `t-${session}-1`, request_id: `req-${session}`, run_id: runId };
  const subs = new Map(q.hops.map(([text, entities], i) => [i + 1, { text, entities }]));
  const subId = (n) => `sq-${q.id}-${runId[0]}${n}`;
  const events = [];
  let now = startMs;
  const emit = (type, fields, { sameMs = false } = {}) => {
    if (!sameMs) now += rng.int(900, 6500);
    const event = { type, event_id: ids.nextEventId(), ts: iso(now), ...base, ...fields };
    events.push(event);
    return event;
  };
  const subFields = (n, status) => {
    const { text, entities } = subs.get(n);
    return { question_id: q.id, subquestion_id: subId(n), text, status, ...(entities.length ? { entities } : {}) };
  };

  emit('prompt', { text: q.text });
  for (const [op, ...args] of RUNS[q.id][runId]) {
    if (op === 'def') subs.set(args[0], { text: args[1], entities: args[2] });
    else if (op === 'pending') args.forEach((n, i) => emit('subquestion', subFields(n, 'pending'), { sameMs: i > 0 }));
    else if (op === 'active') emit('subquestion', subFields(args[0], 'active'));
    else if (op === 'resolved') {
      const [n, note, evidence] = args;
      emit('subquestion', { ...subFields(n, 'resolved'), note, ...(evidence ? { evidence_ids: evidence } : {}) });
    } else if (op === 'retired') {
      const [n, reason] = args;
      emit('subquestion', { ...subFields(n, 'retired'), ...(reason ? { reason } : {}) });
    } else if (op === 'search') {
      const [n, query, passages, options = {}] = args;
      const returned = passages.concat(rng.sample(FILLER.filter((id) => !passages.includes(id)), RESULTS_PER_SEARCH - passages.length));
      let score = rng.float(0.7, 0.9);
      const scores = returned.map(() => round((score -= rng.float(0.02, 0.09)), 4));
      emit('retrieval', {
        retrieval_id: ids.nextRetrievalId(), query, role: 'step', question_id: q.id, ...(n ? { subquestion_id: subId(n) } : {}),
        returned_asset_ids: returned, scores, retriever: 'bm25+e5-hybrid', latency_ms: rng.int(60, 400),
      }, options);
    } else if (op === 'answer') {
      emit('response', { question_id: q.id, text: args[0], cited_asset_ids: args[1] });
    }
  }
  return events;
}

export function generateMultihop(seed) {
  const rng = makeRandom(seed);
  const ids = { nextEventId: idSequence('mh-e', 4), nextRetrievalId: idSequence('r-', 6, 100001) };
  const events = QUESTIONS.map((q) => questionEvent(q, ids.nextEventId));
  for (const runId of ['baseline', 'registry']) {
    QUESTIONS.forEach((q, i) => events.push(...runQuestion(rng, ids, q, runId, RUN_START[runId] + i * 12 * MINUTE)));
  }
  // Two events in the registry run of q07 log `ts` as epoch milliseconds.
  events.filter((e) => e.session_id === 'mh-registry-q07' && e.type === 'subquestion').slice(0, 2).forEach((e) => { e.ts = Date.parse(e.ts); });
  return { events };
}
