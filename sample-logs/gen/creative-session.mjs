// One creative-assistant UI session: a clock, turn/request ids, and the event emitters for a
// turn (prompt → route → retrievals → agent actions → response → user actions → feedback).
import { iso } from './clock.mjs';
import { rankedResults } from './creative-ranking.mjs';
import { COMPLAINTS, DOWNSTREAM_COMMENTS, UP_COMMENTS, replyText } from './creative-text.mjs';

const RETRIEVERS = { template: 'hybrid-v3', image: 'clip-dense-v2', font: 'hybrid-v3' };
const AGENT_VERB = { operate: 'use', reference: 'use' }; // other roles place the asset in the document
const COMPLETIONS = ['export', 'export', 'download', 'share'];

export class CreativeSession {
  constructor(ctx, { sessionId, userId, surface, startMs }) {
    Object.assign(this, { ctx, rng: ctx.rng, id: sessionId, userId, surface, now: startMs });
    this.events = [];
    this.turns = [];
    this.retrievals = [];
  }

  tick(minMs, maxMs) {
    this.now += this.rng.int(minMs, maxMs);
  }

  newTurn(kind) {
    const n = this.turns.length + 1;
    const turn = { turnId: `t-${this.id}-${n}`, requestId: `req-${this.id}-${n}`, kind };
    this.turns.push(turn);
    return turn;
  }

  emit(type, turn, fields) {
    const event = {
      type, event_id: this.ctx.nextEventId(), ts: iso(this.now), session_id: this.id,
      turn_id: turn.turnId, request_id: turn.requestId, user_id: this.userId, surface: this.surface, ...fields,
    };
    this.events.push(event);
    return event;
  }

  act(turn, actor, action, assetId, retrievalId, extra = {}) {
    this.tick(actor === 'agent' ? 600 : 4000, actor === 'agent' ? 3500 : 60000);
    const fields = { actor, action, consumed_asset_id: assetId };
    if (retrievalId) fields.source_retrieval_id = retrievalId;
    const event = this.emit('action', turn, { ...fields, ...extra });
    if (action === 'place') this.ctx.placements.push({ userId: this.userId, assetId, retrievalId, ts: this.now, sessionId: this.id });
    return event;
  }
}

/** A user prompt and the planner's routing decision for it. */
export function startTurn(session, { kind, text, route, tool, rewriteOf, intents, retrievalIntent }) {
  session.tick(20000, 240000);
  const turn = session.newTurn(kind);
  session.emit('prompt', turn, rewriteOf ? { text, rewrite_of: rewriteOf } : { text });
  session.tick(40, 400);
  session.emit('route', turn, tool ? { route, tool } : { route });
  session.ctx.prompts.push({ turnId: turn.turnId, kind, intents, retrievalIntent, ts: session.now });
  return turn;
}

/** One retriever call; `need` carries the planned theme, kind, role, query, quality and outcome. */
export function retrieve(session, turn, need) {
  const { ctx, rng } = session;
  const results = rankedResults(ctx.world, rng, { themeKey: need.theme.key, kind: need.kind, quality: need.quality });
  const latency = rng.int(80, 900);
  session.tick(latency, latency + 60);
  const retrievalId = ctx.nextRetrievalId();
  const fields = { retrieval_id: retrievalId, query: need.query };
  if (need.role) fields.role = need.role;
  Object.assign(fields, results, { retriever: RETRIEVERS[need.kind], latency_ms: latency });
  if (need.rewriteOf) fields.rewrite_of = need.rewriteOf;
  session.emit('retrieval', turn, fields);
  const meta = {
    ...need, themeKey: need.theme.key, retrievalId, turnId: turn.turnId, sessionId: session.id, ts: session.now,
    returned: results.returned_asset_ids,
  };
  ctx.retrievals.push(meta);
  session.retrievals.push(meta);
  turn.hadRetrieval = true;
  return meta;
}

function topRelevant(world, r) {
  const ranked = r.returned.slice(0, 4).filter((id) => world.gradeFor(r.themeKey, r.kind, id) >= 2);
  return ranked.length ? ranked[0] : r.returned[0];
}

/** Agent actions in the same request, before the reply. Returns the asset ids the reply shows. */
export function agentPhase(session, turn, r) {
  const { rng, ctx } = session;
  const verb = AGENT_VERB[r.role] ?? 'place';
  switch (r.outcome) {
    case 'agent_place':
    case 'agent_use':
    case 'downstream_down': {
      const asset = rng.chance(0.75) ? r.returned[0] : topRelevant(ctx.world, r);
      r.consumed = asset;
      const action = r.outcome === 'agent_use' ? 'use' : verb;
      session.act(turn, 'agent', action, asset, r.retrievalId);
      r.placed = action === 'place';
      return [asset];
    }
    case 'masked_consumed':
    case 'complain':
      r.consumed = r.returned[0];
      session.act(turn, 'agent', verb, r.consumed, r.retrievalId);
      r.placed = verb === 'place';
      return [r.consumed];
    case 'bypass': {
      // The agent used an asset the retriever did not return, without naming a source retrieval.
      r.consumed = rng.pick(ctx.world.bypassPool[r.kind]);
      session.act(turn, 'agent', rng.chance(0.7) ? 'use' : 'place', r.consumed, null);
      return [r.consumed];
    }
    default:
      return r.returned.slice(0, 3);
  }
}

export function respond(session, turn, text, cited) {
  session.tick(1500, 8000);
  const response = session.emit('response', turn, { text, cited_asset_ids: cited });
  session.ctx.responses.push({ eventId: response.event_id, turnId: turn.turnId, kind: turn.kind });
  return response;
}

export function feedback(session, turn, response, rating, comment, retrievalId) {
  session.tick(3000, 40000);
  const fields = { rating, target_event_id: response.event_id };
  if (retrievalId) fields.retrieval_id = retrievalId;
  if (comment) fields.comment = comment;
  return session.emit('feedback', turn, fields);
}

/** Either names the source or relies on lineage inherited from the placement earlier in the session. */
const sourceOrInherited = (session, r) => (r.placed && session.rng.chance(0.5) ? null : r.retrievalId);

export function completion(session, turn, assetId, retrievalId) {
  const action = session.rng.pick(COMPLETIONS);
  session.act(turn, 'user', action, assetId, retrievalId, action === 'share' ? { channel: session.rng.pick(['link', 'instagram', 'email']) } : {});
}

/** What the user does after the reply, by planned outcome. */
export function userPhase(session, turn, r, response) {
  const { rng } = session;
  switch (r.outcome) {
    case 'agent_place':
    case 'masked_consumed':
      if (rng.chance(0.4)) session.act(turn, 'user', rng.pick(['edit', 'edit', 'regenerate']), r.consumed, sourceOrInherited(session, r));
      if (r.placed && rng.chance(0.25)) completion(session, turn, r.consumed, sourceOrInherited(session, r));
      break;
    case 'agent_use':
      if (rng.chance(0.25)) session.act(turn, 'user', 'follow_up', r.consumed, r.retrievalId);
      break;
    case 'user_pick':
    case 'masked_user_pick': {
      const picked = r.returned[rng.int(0, Math.min(4, r.returned.length - 1))];
      r.consumed = picked;
      session.act(turn, 'user', 'select', picked, r.retrievalId);
      if (rng.chance(0.7)) {
        session.act(turn, 'user', 'place', picked, r.retrievalId);
        r.placed = true;
        if (rng.chance(0.2)) completion(session, turn, picked, null);
      } else if (rng.chance(0.3)) {
        session.act(turn, 'user', 'download', picked, r.retrievalId);
      }
      break;
    }
    case 'complain':
      session.act(turn, 'user', 'complain', r.consumed, r.retrievalId, { comment: rng.pick(COMPLAINTS) });
      if (rng.chance(0.5)) feedback(session, turn, response, 'down', rng.pick(COMPLAINTS), r.retrievalId);
      break;
    case 'reject':
      session.act(turn, 'user', 'reject', r.returned[0], r.retrievalId);
      break;
    case 'downstream_down':
      feedback(session, turn, response, 'down', rng.pick(DOWNSTREAM_COMMENTS), r.retrievalId);
      if (rng.chance(0.5)) session.act(turn, 'user', 'regenerate', r.consumed, null);
      break;
    case 'empty_complaint':
      feedback(session, turn, response, 'down', 'Nothing came back', r.retrievalId);
      break;
    default:
  }
  const healthy = ['agent_place', 'agent_use', 'user_pick', 'bypass'].includes(r.outcome);
  if (healthy && rng.chance(0.1)) feedback(session, turn, response, 'up', rng.pick(UP_COMMENTS), rng.chance(0.3) ? r.retrievalId : null);
}

/** Reply text for a retrieval turn given what the agent consumed. */
export function retrievalReply(world, r) {
  if (!r.returned.length) return replyText('empty', `${r.kind}s`);
  const consumed = r.consumed && world.catalogById.get(r.consumed);
  return consumed ? replyText('retrieval', consumed.title) : replyText('shown', `${r.kind}s`);
}
