// creative-assistant.jsonl: ~400 sessions of a creative assistant (LARA paper, seed 000).
import { DAY, HOUR, MINUTE, utc, workingHoursOffset } from './clock.mjs';
import { CreativeSession } from './creative-session.mjs';
import { assistantSession, generationTurn, librarySession, toolTurn } from './creative-scripts.mjs';
import { FOLLOW_UP_PROMPTS } from './creative-text.mjs';
import { idSequence, makeRandom, pad } from './random.mjs';

const USERS = 132;
const PRIMARY_SESSIONS = 372;
const LINEAGE_FOLLOW_UPS = 24; // exports in a later session that inherit lineage from a placement
const UNATTRIBUTED_FOLLOW_UPS = 6; // exports of something never placed: no lineage to find
const PERIOD_START = utc(2026, 9, 1);
const PERIOD_DAYS = 72;

function planPrimarySessions(rng, world) {
  const users = Array.from({ length: USERS }, (_, i) => ({ id: `u-${pad(i + 1, 4)}`, themes: rng.sample(world.themes, 3) }));
  const plans = [];
  for (let i = 0; i < PRIMARY_SESSIONS; i++) {
    // A few heavy users and a long tail, as in any product.
    const user = users[Math.floor(USERS * rng.next() ** 1.6)];
    plans.push({
      userId: user.id,
      theme: rng.pick(user.themes),
      surface: rng.weighted([['chat', 55], ['editor', 25], ['library', 20]]),
      startMs: PERIOD_START + rng.int(0, PERIOD_DAYS - 1) * DAY + workingHoursOffset(rng),
    });
  }
  plans.sort((a, b) => a.startMs - b.startMs);
  plans.forEach((plan, i) => { plan.sessionId = `ca-${pad(i + 1, 4)}`; });
  return plans;
}

function runPrimary(ctx, plan) {
  if (plan.surface === 'library') return librarySession(ctx, plan);
  return assistantSession(ctx, plan, plan.surface === 'editor');
}

/** A later editor session: open the design, maybe tweak it, export it. No source_retrieval_id is logged. */
function followUpSession(ctx, spec, assetId, lastPlaced) {
  const session = new CreativeSession(ctx, spec);
  const { rng } = session;
  session.lastPlaced = lastPlaced;
  const tweaks = rng.int(1, 2);
  for (let i = 0; i < tweaks; i++) {
    if (lastPlaced && rng.chance(0.4)) toolTurn(session);
    else generationTurn(session, { text: rng.pick(FOLLOW_UP_PROMPTS) });
  }
  const turn = session.turns[session.turns.length - 1];
  session.act(turn, 'user', 'export', assetId, null, { format: rng.pick(['pdf', 'png', 'jpg']) });
  if (rng.chance(0.3)) session.act(turn, 'user', 'share', assetId, null, { channel: rng.pick(['link', 'email']) });
  return session;
}

const COMPLETIONS = new Set(['export', 'share', 'download']);

function planFollowUps(ctx, rng, primary) {
  const nextSessionId = idSequence('ca-', 4, primary.length + 1);
  // Prefer placements from sessions that ended without a completion: the ones session-based
  // attribution wrongly counts as abandoned.
  const completed = new Set(primary.filter((s) => s.events.some((e) => COMPLETIONS.has(e.action))).map((s) => s.id));
  const seen = new Set();
  const shuffled = rng.shuffle(ctx.placements.filter((p) => p.retrievalId));
  const candidates = shuffled.filter((p) => !completed.has(p.sessionId)).concat(shuffled.filter((p) => completed.has(p.sessionId)))
    .filter((p) => !seen.has(`${p.userId}|${p.assetId}`) && seen.add(`${p.userId}|${p.assetId}`));
  const sessions = [];
  for (const placement of candidates.slice(0, LINEAGE_FOLLOW_UPS)) {
    const startMs = placement.ts + rng.int(1, 3) * DAY + rng.int(0, 5) * HOUR + rng.int(0, 59) * MINUTE;
    const spec = { sessionId: nextSessionId(), userId: placement.userId, surface: 'editor', startMs };
    sessions.push(followUpSession(ctx, spec, placement.assetId, { consumed: placement.assetId, retrievalId: placement.retrievalId }));
  }
  const placedBy = new Set(ctx.placements.map((p) => `${p.userId}|${p.assetId}`));
  for (let i = 0; i < UNATTRIBUTED_FOLLOW_UPS; i++) {
    const userId = `u-${pad(rng.int(1, USERS), 4)}`;
    const assetId = rng.shuffle(ctx.world.bypassPool.template).find((id) => !placedBy.has(`${userId}|${id}`));
    const spec = { sessionId: nextSessionId(), userId, surface: 'editor', startMs: PERIOD_START + rng.int(3, PERIOD_DAYS) * DAY + workingHoursOffset(rng) };
    sessions.push(followUpSession(ctx, spec, assetId, null));
  }
  return sessions;
}

/** Fields the format does not define; the inspector must keep them. */
function addUnknownFields(rng, events) {
  const ofType = (type) => events.filter((e) => e.type === type);
  const variantSessions = new Set(rng.sample([...new Set(ofType('prompt').map((e) => e.session_id))], 2));
  for (const e of ofType('prompt')) if (variantSessions.has(e.session_id)) e.ui_variant = 'B';
  for (const e of rng.sample(ofType('response'), 6)) e.model = 'gpt-x';
  for (const e of rng.sample(ofType('retrieval'), 3)) e.index_version = '2026-09-28';
  for (const e of rng.sample(ofType('action'), 2)) e.client = { app: 'ios', version: '5.2.1' };
}

/** A few events carry `ts` as epoch milliseconds, the other accepted form. */
function useEpochTimestamps(rng, events) {
  for (const e of rng.sample(events.filter((e) => e.type === 'action' || e.type === 'feedback'), 8)) e.ts = Date.parse(e.ts);
}

export function generateCreativeAssistant(world, seed) {
  const rng = makeRandom(seed);
  const ctx = {
    rng, world, nextEventId: idSequence('ca-e', 6), nextRetrievalId: idSequence('r-', 6),
    retrievals: [], prompts: [], responses: [], placements: [],
  };
  const primary = planPrimarySessions(rng, world).map((plan) => runPrimary(ctx, plan));
  const followUps = planFollowUps(ctx, rng, primary);
  const startOf = (session) => Date.parse(session.events[0].ts);
  const sessions = primary.concat(followUps).sort((a, b) => startOf(a) - startOf(b));
  const events = sessions.flatMap((session) => session.events);
  addUnknownFields(rng, events);
  useEpochTimestamps(rng, events);
  return { events, sessions, retrievals: ctx.retrievals, prompts: ctx.prompts, responses: ctx.responses };
}
