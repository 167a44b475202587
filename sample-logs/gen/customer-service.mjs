// customer-service.jsonl: an e-commerce support bot behind a retrieval-quality gate over ten ISO
// weeks (2026-W37..W46), with feedback, answer reviews, production relevance labels and an eval set.
import { DAY, MINUTE, iso, utc, workingHoursOffset } from './clock.mjs';
import { CUSTOMER_QUERIES, KB_DOCS, ORDER_TRACKING, RECHUNKED } from './cs-knowledge.mjs';
import { idSequence, makeRandom, pad, round } from './random.mjs';

const FIRST_MONDAY = utc(2026, 9, 7);
const KB_CHANGE = utc(2026, 10, 12); // shipping-insurance pages re-chunked; a free-insurance promotion starts the same day
const REQUESTS_PER_WEEK = [54, 55, 57, 56, 58, 64, 62, 58, 64, 70];
const GATE = { minDense: 0.62, minSparse: 3.5, minGap: 0.08 };
const CLARIFY_TEXT = ['Could you share the order number and what you would like to do (return, exchange or refund)?', '您好，为了准确回答，能否补充一下具体的订单号或问题类型？'];
const HANDOFF_TEXT = 'I am passing this to a support agent who can check your order; they will reply here shortly.';
const DOWN_COMMENTS = ['wrong answer', 'did not answer my question', '答非所问', 'I wanted a person sooner', 'the bot keeps asking the same thing', 'that policy is outdated'];
const UP_COMMENTS = ['helpful', 'thanks', '解决了', ''];

const liveDocs = (category, ms) => KB_DOCS.filter((d) => d.category === category)
  .flatMap((d) => (ms >= KB_CHANGE && RECHUNKED[d.id] ? RECHUNKED[d.id] : [d.id]));
const liveGold = (gold, ms) => gold.flatMap((id) => (ms >= KB_CHANGE && RECHUNKED[id] ? RECHUNKED[id] : [id]));

function categoryWeights(ms) {
  const promotion = ms >= KB_CHANGE && ms < KB_CHANGE + 14 * DAY;
  return [['returns', 30], ['shipping-insurance', promotion ? 50 : 20], ['invoices', 15], ['warranty', 15], ['payments', 15], ['order-status', 5]];
}

/** The retriever's ranked list for one query, and the signals the gate reads. */
function searchKnowledgeBase(rng, { category, gold, ambiguous, ms, specific }) {
  // After the re-chunking, shipping-insurance chunks lost their headings: fewer hits, weaker scores.
  const broken = category === 'shipping-insurance' && ms >= KB_CHANGE;
  const target = liveGold(gold, ms);
  if (rng.chance(0.02)) return { ids: [], scores: [], dense: round(rng.float(0.1, 0.3), 4), sparse: 0, hit: false };
  const hit = rng.chance(broken ? 0.42 : specific ? 0.9 : 0.72);
  const others = rng.shuffle(liveDocs(category, ms).filter((id) => !target.includes(id)))
    .concat(rng.sample(KB_DOCS.filter((d) => d.category !== category).map((d) => d.id), 3));
  const size = rng.int(3, 6);
  let ids = hit ? target.slice(0, 2).concat(others).slice(0, size) : others.slice(0, size);
  if (hit && rng.chance(0.2) && ids.length > 2) ids = [ids[1], ids[0], ...ids.slice(2)];
  const top = hit ? (broken ? rng.float(0.5, 0.72) : rng.float(0.66, 0.91)) : rng.float(0.4, 0.68);
  const gap = ambiguous ? rng.float(0.005, 0.06) : rng.float(0.06, 0.24);
  let next = top - gap;
  const scores = ids.map((_, i) => round(i === 0 ? top : (next -= i === 1 ? 0 : rng.float(0.01, 0.05)), 4));
  const sparse = hit ? (broken ? rng.float(2, 5.5) : rng.float(3.8, 12)) : rng.float(0.5, 4.5);
  return { ids, scores, dense: round(Math.min(0.99, top + rng.float(-0.02, 0.02)), 4), sparse: round(sparse, 3), hit };
}

function gateDecision(signals) {
  if (signals.docCount === 0) return ['handoff', 'no_document'];
  if (signals.dense < GATE.minDense && signals.sparse < GATE.minSparse) return ['handoff', 'low_relevance'];
  if (signals.gap < GATE.minGap) return ['clarify', 'ambiguous_query'];
  return ['answer', 'ok'];
}

function downProbability(decision, hit, angry) {
  if (decision === 'answer') return hit ? 0.03 : angry ? 0.7 : 0.35;
  if (decision === 'clarify') return angry ? 0.3 : 0.08;
  return angry ? 0.6 : 0.12;
}

class SupportSession {
  constructor(ctx, id, userId, startMs) {
    Object.assign(this, { ctx, rng: ctx.rng, id, userId, now: startMs, turns: 0 });
  }

  emit(type, fields) {
    const event = { type, event_id: this.ctx.nextEventId(), ts: iso(this.now), session_id: this.id, turn_id: this.turnId, request_id: this.requestId, user_id: this.userId, surface: 'support-chat', ...fields };
    this.ctx.events.push(event);
    return event;
  }

  startTurn(text, category, rewriteOf, route, tool) {
    this.turns += 1;
    this.turnId = `t-${this.id}-${this.turns}`;
    this.requestId = `req-${this.id}-${this.turns}`;
    this.emit('prompt', { text, category, ...(rewriteOf ? { rewrite_of: rewriteOf } : {}) });
    this.now += this.rng.int(30, 300);
    this.emit('route', tool ? { route, tool } : { route });
  }
}

function giveFeedback(session, response, decision, hit, retrievalId, angry = false) {
  const { rng } = session;
  if (!rng.chance(angry ? 0.7 : 0.42)) return; // unhappy customers leave more feedback
  session.now += rng.int(5, 120) * 1000;
  const down = rng.chance(downProbability(decision, hit, angry));
  session.emit('feedback', {
    rating: down ? 'down' : 'up', target_event_id: response.event_id, ...(retrievalId && rng.chance(0.4) ? { retrieval_id: retrievalId } : {}),
    comment: rng.pick(down ? DOWN_COMMENTS : UP_COMMENTS),
  });
}

/** prompt → route → retrieval → gate → response → feedback for one knowledge-base question. */
function answerQuestion(session, ask, previous) {
  const { ctx, rng } = session;
  session.startTurn(ask.text, ask.category, previous?.turnId, 'retrieval');
  const result = searchKnowledgeBase(rng, { ...ask, ms: session.now, specific: Boolean(previous) });
  const latency = rng.int(90, 700);
  session.now += latency;
  const retrievalId = ctx.nextRetrievalId();
  session.emit('retrieval', {
    retrieval_id: retrievalId, query: ask.text, role: 'reference', returned_asset_ids: result.ids, scores: result.scores,
    dense_score: result.dense, sparse_score: result.sparse, retriever: 'bm25+dense-rrf', latency_ms: latency,
    ...(previous ? { rewrite_of: previous.retrievalId } : {}),
  });
  const signals = { dense: result.dense, sparse: result.sparse, docCount: result.ids.length, gap: result.scores.length > 1 ? round(result.scores[0] - result.scores[1], 4) : result.scores[0] ?? 0 };
  const [decision, reason] = gateDecision(signals);
  session.now += rng.int(5, 40);
  session.emit('gate', { decision, reason, dense_score: signals.dense, sparse_score: signals.sparse, top_gap: signals.gap, doc_count: signals.docCount, category: ask.category, retrieval_id: retrievalId });
  session.now += rng.int(800, 6000);
  const cited = decision === 'answer' ? result.ids.slice(0, 2) : [];
  const title = decision === 'answer' && (KB_DOCS.find((d) => d.id === result.ids[0])?.title ?? 'Shipping insurance (updated article)');
  const text = decision === 'answer' ? `According to "${title}", here is what applies to your order.` : decision === 'clarify' ? rng.pick(CLARIFY_TEXT) : HANDOFF_TEXT;
  const response = session.emit('response', { text, cited_asset_ids: cited });
  // During the free-insurance promotion, customers who get no answer about it are the angriest.
  const angry = ask.category === 'shipping-insurance' && session.now >= KB_CHANGE && session.now < KB_CHANGE + 14 * DAY;
  giveFeedback(session, response, decision, result.hit, retrievalId, angry);
  const served = { turnId: session.turnId, retrievalId, responseId: response.event_id, decision, hit: result.hit, ms: session.now, ask, returned: result.ids, liveGold: liveGold(ask.gold, session.now) };
  ctx.served.push(served);
  return served;
}

function orderTracking(session) {
  const { rng } = session;
  session.startTurn(rng.pick(ORDER_TRACKING), 'order-status', null, 'tool', 'order_lookup');
  session.now += rng.int(900, 4000);
  const response = session.emit('response', { text: 'Your parcel is with the courier and should arrive within two days.', cited_asset_ids: [] });
  giveFeedback(session, response, 'answer', true, null);
}

function supportSession(ctx, index, startMs) {
  const { rng } = ctx;
  const session = new SupportSession(ctx, `cs-${pad(index, 5)}`, `cu-${pad(rng.int(1, 650), 5)}`, startMs);
  const category = rng.weighted(categoryWeights(startMs));
  if (category === 'order-status') return orderTracking(session);
  const [text, gold, flag] = rng.pick(CUSTOMER_QUERIES[category]);
  const first = answerQuestion(session, { text, gold, category, ambiguous: flag === 'ambiguous' });
  if (first.decision === 'clarify' && rng.chance(0.55)) {
    session.now += rng.int(1, 5) * MINUTE;
    const detail = `${text} — order ${rng.int(20260900, 20261199)}${pad(rng.int(0, 9999), 4)}`;
    answerQuestion(session, { text: detail, gold, category, ambiguous: false }, first);
  }
}

export function generateCustomerService(seed) {
  const rng = makeRandom(seed);
  const ctx = { rng, events: [], served: [], nextEventId: idSequence('cs-e', 6), nextRetrievalId: idSequence('r-', 6, 200001) };
  const starts = [];
  REQUESTS_PER_WEEK.forEach((count, week) => {
    for (let i = 0; i < count; i++) starts.push(FIRST_MONDAY + week * 7 * DAY + rng.int(0, 6) * DAY + workingHoursOffset(rng));
  });
  starts.sort((a, b) => a - b).forEach((startMs, i) => supportSession(ctx, i + 1, startMs));
  return ctx;
}

