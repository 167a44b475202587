// Session scripts per surface (chat, editor, library): which turns happen and with what outcome.
import {
  CreativeSession, agentPhase, completion, respond, retrievalReply, retrieve, startTurn, userPhase,
} from './creative-session.mjs';
import {
  CORRECTION_PROMPTS, GENERATION_PROMPTS, MISROUTE_PROMPTS, TOOL_PROMPTS, libraryQuery, pickWords, promptText, queryText, replyText, stepQuery,
} from './creative-text.mjs';

const OUTCOMES = {
  find: [['agent_place', 34], ['user_pick', 12], ['unobserved', 9], ['complain', 6], ['reject', 3], ['research', 10], ['bypass', 4], ['masked_consumed', 7], ['masked_silent', 5], ['downstream_down', 4], ['empty_complaint', 1]],
  browse: [['user_pick', 38], ['unobserved', 24], ['research', 12], ['reject', 5], ['masked_silent', 8], ['masked_user_pick', 6], ['empty_complaint', 2]],
  operate: [['agent_use', 48], ['bypass', 10], ['complain', 9], ['masked_consumed', 9], ['research', 8], ['unobserved', 6], ['downstream_down', 4]],
  reference: [['agent_use', 52], ['unobserved', 12], ['masked_consumed', 9], ['masked_silent', 6], ['complain', 4], ['downstream_down', 4], ['bypass', 3]],
  contextual: [['agent_place', 30], ['user_pick', 20], ['research', 10], ['unobserved', 16], ['masked_silent', 6], ['reject', 4], ['masked_consumed', 4]],
  step: [['agent_place', 70], ['bypass', 7], ['masked_consumed', 9], ['unobserved', 14]],
};
OUTCOMES.none = OUTCOMES.browse;

const INTENTS = {
  find: ['find_template'], findFont: ['find_font'], findImage: ['find_image'], browse: ['browse_templates'],
  reference: ['write_copy'], contextual: ['find_template'], step: ['find_template', 'find_image', 'find_font'],
};

function qualityFor(rng, outcome) {
  switch (outcome) {
    case 'complain': case 'reject': return 'bad';
    case 'research': return rng.weighted([['bad', 70], ['empty', 20], ['weak', 10]]);
    case 'masked_consumed': case 'masked_user_pick': return rng.chance(0.65) ? 'bad' : 'weak';
    case 'masked_silent': return rng.weighted([['bad', 55], ['weak', 35], ['empty', 10]]);
    case 'empty_complaint': return 'empty';
    case 'bypass': return rng.chance(0.5) ? 'good' : 'bad';
    case 'unobserved': return rng.chance(0.85) ? 'good' : 'weak';
    default: return 'good';
  }
}

function planNeed(rng, { theme, role, kind, promptKey, words, outcome = rng.weighted(OUTCOMES[role ?? 'none']) }) {
  const quality = qualityFor(rng, outcome);
  // Empty lists can only be silent, re-searched or complained about.
  const finalOutcome = quality === 'empty' && !['research', 'masked_silent', 'empty_complaint'].includes(outcome) ? 'research' : outcome;
  return { theme, role, kind, outcome: finalOutcome, quality, query: queryText(rng, theme, promptKey, words) };
}

/** A turn that calls the retriever one or more times within one request. */
function retrievalTurn(session, { kind, text, intents, needs, rewriteOf, library = false, noJudge = false, retrievalIntent = true }) {
  const { rng, ctx } = session;
  const turn = startTurn(session, { kind, text, route: 'retrieval', rewriteOf, intents, retrievalIntent });
  const done = [];
  for (const need of needs) {
    const r = retrieve(session, turn, { ...need, noJudge, forceJudge: need.outcome.startsWith('masked') });
    done.push({ r, cited: agentPhase(session, turn, r) });
  }
  const first = done[0].r;
  const cited = done.flatMap((d) => d.cited);
  const replyTextForTurn = library ? replyText('library', first.returned.length) : retrievalReply(ctx.world, first);
  const response = respond(session, turn, replyTextForTurn, library ? first.returned.slice(0, 6) : cited);
  for (const { r } of done) {
    userPhase(session, turn, r, response);
    if (r.placed) session.lastPlaced = r;
  }
  session.hasRetrieved = true;
  // Now and then the user exports something that was never placed: a completion without lineage.
  if (rng.chance(0.02)) completion(session, turn, first.returned[0] ?? rng.pick(ctx.world.bypassPool.template), null);
  return done.map((d) => d.r).find((r) => r.outcome === 'research') ?? null;
}

/** The user re-asks for the same need; the new retrieval names the one it replaces. */
function researchTurn(session, previous, { library = false, depth = 1 } = {}) {
  const { rng } = session;
  const pool = OUTCOMES[library ? 'browse' : previous.role ?? 'none'].filter(([o]) => o !== 'research' || depth < 2);
  const words = pickWords(rng, previous.theme);
  const need = planNeed(rng, { theme: previous.theme, role: previous.role, kind: previous.kind, promptKey: 'research', words, outcome: rng.weighted(pool) });
  let text = library ? libraryQuery(rng, previous.theme) : promptText(rng, previous.theme, 'research', words);
  for (let tries = 0; library && text === previous.query && tries < 5; tries++) text = libraryQuery(rng, previous.theme);
  if (library) need.query = text === previous.query ? `${text} ${rng.pick(previous.theme.styles)}` : text;
  const again = retrievalTurn(session, {
    kind: 'research', text, intents: previous.intents, library, rewriteOf: previous.turnId,
    needs: [{ ...need, rewriteOf: previous.retrievalId, intents: previous.intents }],
  });
  return again ? { previous: again, depth: depth + 1 } : null;
}

export function generationTurn(session, { text, kind = 'generation', rewriteOf, reply = replyText('generation', text), retrievalIntent = false, intents = ['edit_design'] }) {
  const { rng } = session;
  const turn = startTurn(session, { kind, text, route: 'generation', rewriteOf, intents, retrievalIntent });
  const response = respond(session, turn, reply, []);
  const placed = session.lastPlaced;
  if (placed && rng.chance(0.3)) session.act(turn, 'user', rng.pick(['edit', 'regenerate']), placed.consumed, rng.chance(0.5) ? placed.retrievalId : null);
  return { turn, response };
}

export function toolTurn(session) {
  const { rng } = session;
  const [tool, text] = rng.pick(TOOL_PROMPTS);
  const turn = startTurn(session, { kind: 'tool', text, route: 'tool', tool, intents: [tool === 'remove_background' ? 'edit_image' : 'edit_design'], retrievalIntent: false });
  const placed = session.lastPlaced;
  if (placed) session.act(turn, 'agent', 'use', placed.consumed, null, { tool }); // lineage inherited from the placement
  respond(session, turn, replyText('tool', tool.replace('_', ' ')), placed ? [placed.consumed] : []);
}

/** Prompt routed to retrieval though it asks for an edit (Tier 0 misroute). */
function misrouteTurn(session, theme) {
  const text = session.rng.pick(MISROUTE_PROMPTS);
  const need = { theme, role: session.rng.chance(0.5) ? 'contextual' : undefined, kind: 'template', outcome: 'unobserved', quality: 'bad', query: text.toLowerCase() };
  retrievalTurn(session, { kind: 'misroute', text, intents: ['edit_design'], needs: [need], noJudge: true, retrievalIntent: false });
}

function chatRetrievalTurn(session, theme, editor) {
  const { rng } = session;
  const hasPrevious = Boolean(session.hasRetrieved);
  const role = editor
    ? rng.weighted([['operate', 35], ['find', 25], ['reference', 20], ['contextual', hasPrevious ? 20 : 0]])
    : rng.weighted([['find', 35], ['operate', 14], ['reference', 14], ['step', 10], ['browse', 15], ['contextual', hasPrevious ? 12 : 0]]);
  if (role === 'step') {
    const words = pickWords(rng, theme);
    const needs = ['template', 'image', 'font'].slice(0, rng.int(2, 3)).map((kind) => ({ ...planNeed(rng, { theme, role: 'step', kind, promptKey: 'find', words }), query: stepQuery(rng, theme, kind, words) }));
    return retrievalTurn(session, { kind: 'retrieval', text: promptText(rng, theme, 'step', words), intents: INTENTS.step, needs });
  }
  let kind = role === 'operate' ? 'image' : 'template';
  let promptKey = role;
  if (editor && role === 'find') [kind, promptKey] = rng.chance(0.5) ? ['font', 'findFont'] : ['image', 'findImage'];
  const words = pickWords(rng, theme);
  const text = promptText(rng, theme, promptKey, words);
  const intents = role === 'operate' ? (rng.chance(0.5) ? ['find_image', 'edit_image'] : ['find_image'])
    : text.includes('小明') ? ['find_template', 'edit_text'] : INTENTS[promptKey];
  const need = planNeed(rng, { theme, role, kind, promptKey, words });
  return retrievalTurn(session, { kind: 'retrieval', text, intents, needs: [{ ...need, intents }] });
}

/** chat and editor share one script; the editor leans to edits, tools and font/image lookups. */
export function assistantSession(ctx, spec, editor) {
  const session = new CreativeSession(ctx, spec);
  const { rng } = session;
  const theme = spec.theme;
  const turnCount = rng.weighted([[1, 12], [2, 22], [3, 20], [4, 14], [5, 10], [6, 7], [7, 5], [8, 4], [10, 3], [12, 3]]);
  let research = null;
  let lastGeneration = null;
  for (let i = 0; i < turnCount || research; i++) {
    if (research) {
      research = researchTurn(session, research.previous, { depth: research.depth });
      continue;
    }
    const step = rng.weighted([['generation', editor ? 38 : 40], ['retrieval', editor ? 24 : 26], ['tool', editor ? 16 : 8], ['correction', lastGeneration ? 10 : 0], ['missed', 3], ['misroute', 2]]);
    if (step === 'retrieval') {
      const needsResearch = chatRetrievalTurn(session, theme, editor);
      if (needsResearch) research = { previous: needsResearch, depth: 1 };
    } else if (step === 'generation') {
      lastGeneration = generationTurn(session, { text: rng.pick(GENERATION_PROMPTS) });
    } else if (step === 'correction') {
      lastGeneration = generationTurn(session, { kind: 'correction', text: rng.pick(CORRECTION_PROMPTS), rewriteOf: lastGeneration.turn.turnId });
    } else if (step === 'tool') {
      toolTurn(session);
    } else if (step === 'missed') {
      // Retrieval intent, but the planner sent it to generative editing (Tier 0 missed retrieval).
      lastGeneration = generationTurn(session, { kind: 'missed', text: promptText(rng, theme, 'missed'), reply: replyText('missed', theme.label), retrievalIntent: true, intents: ['find_template'] });
    } else {
      misrouteTurn(session, theme);
    }
  }
  if (session.lastPlaced && rng.chance(0.2)) {
    const last = session.turns[session.turns.length - 1];
    completion(session, last, session.lastPlaced.consumed, null);
  }
  return session;
}

/** The template library: every prompt is a search; the legacy logger sometimes omits the role. */
export function librarySession(ctx, spec) {
  const session = new CreativeSession(ctx, spec);
  const { rng } = session;
  const searches = rng.int(1, 5);
  for (let i = 0; i < searches; i++) {
    const role = rng.weighted([['browse', 52], ['find', 40], [undefined, 6]]);
    const text = libraryQuery(rng, spec.theme);
    const need = { ...planNeed(rng, { theme: spec.theme, role, kind: 'template', promptKey: 'browse', outcome: rng.weighted(OUTCOMES.browse) }), query: text };
    const intents = role === 'find' ? INTENTS.find : INTENTS.browse;
    let research = retrievalTurn(session, { kind: 'retrieval', text, intents, needs: [{ ...need, intents }], library: true });
    let depth = 1;
    while (research) {
      const next = researchTurn(session, research, { library: true, depth });
      research = next?.previous ?? null;
      depth = next?.depth ?? depth;
    }
  }
  return session;
}
