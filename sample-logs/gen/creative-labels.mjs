// creative-labels.csv: relevance, role, intent and answer-review labels for the creative
// assistant, with overlapping annotators, disagreements and adjudications.
import { DAY, HOUR, iso } from './clock.mjs';
import { makeRandom } from './random.mjs';

export const LABEL_COLUMNS = ['type', 'kind', 'annotator', 'adjudicated', 'ts', 'retrieval_id', 'asset_id', 'query', 'grade', 'role', 'turn_id', 'retrieval_intent', 'intents', 'target_event_id', 'verdict', 'note'];

const JUDGED_SHARE = 0.4;
const ANNOTATORS = [['ann-mei', 4], ['ann-jonas', 3], ['llm-judge-v2', 3]];
const ADJUDICATOR = 'adj-lead';

const label = (kind, annotator, tsMs, fields) => ({ type: 'label', kind, annotator, ts: iso(tsMs), ...fields });
const clampGrade = (g) => Math.max(0, Math.min(3, g));

function assetsToJudge(world, rng, r) {
  const theme = world.themeByKey.get(r.themeKey);
  const returned = [...new Set(r.returned)].slice(0, rng.int(4, 8));
  const unreturned = theme.assets[r.kind].filter((id) => !r.returned.includes(id));
  const extra = r.quality === 'good'
    ? (rng.chance(0.3) ? unreturned.slice(0, 6).filter((id) => world.gradeFor(r.themeKey, r.kind, id) >= 2).slice(0, 1) : [])
    : unreturned.filter((id) => world.gradeFor(r.themeKey, r.kind, id) === 3).slice(0, rng.int(1, 2));
  return returned.concat(extra);
}

/** Relevance labels: one annotator for most, two or three on an overlapping subset. */
function relevanceLabels(world, rng, judged, rows) {
  const overlap = new Set(rng.sample(judged.filter((r) => !r.forceJudge && r.returned.length), 36).map((r) => r.retrievalId));
  const third = new Set([...overlap].slice(0, 10));
  for (const r of judged) {
    const annotators = rng.shuffle(ANNOTATORS.map(([a]) => a));
    const primary = rng.weighted(ANNOTATORS);
    const team = overlap.has(r.retrievalId) ? [primary, ...annotators.filter((a) => a !== primary).slice(0, third.has(r.retrievalId) ? 2 : 1)] : [primary];
    const assets = assetsToJudge(world, rng, r);
    let t = r.ts + rng.int(2, 9) * DAY;
    const given = new Map();
    team.forEach((annotator, position) => {
      for (const [rank, assetId] of assets.entries()) {
        const truth = world.gradeFor(r.themeKey, r.kind, assetId);
        // Second and third opinions drift by one grade now and then, never on the top result.
        const grade = position > 0 && rank > 0 && rng.chance(0.22) ? clampGrade(truth + rng.pick([-1, 1])) : truth;
        t += rng.int(20, 90) * 1000;
        rows.push(label('relevance', annotator, t, { retrieval_id: r.retrievalId, asset_id: assetId, grade }));
        given.set(assetId, [...(given.get(assetId) ?? []), grade]);
      }
      t += rng.int(1, 30) * HOUR;
    });
    for (const [assetId, grades] of given) {
      if (new Set(grades).size > 1 && rng.chance(0.6)) {
        const truth = world.gradeFor(r.themeKey, r.kind, assetId);
        rows.push(label('relevance', ADJUDICATOR, t + DAY, { adjudicated: true, retrieval_id: r.retrievalId, asset_id: assetId, grade: truth, note: `settled ${grades.join(' vs ')} → ${truth}` }));
      }
    }
  }
}

/** Query-form relevance labels: judge a frequent query once, which judges every retrieval with that text. */
function queryLabels(world, rng, retrievals, rows) {
  const byQuery = new Map();
  for (const r of retrievals) if (!r.noJudge) byQuery.set(r.query, [...(byQuery.get(r.query) ?? []), r]);
  const frequent = [...byQuery.entries()].filter(([, rs]) => rs.length >= 3).sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)).slice(0, 3);
  for (const [query, rs] of frequent) {
    const { themeKey, kind } = rs[0];
    const t = rs[rs.length - 1].ts + 3 * DAY;
    world.themeByKey.get(themeKey).assets[kind].slice(0, 6).forEach((assetId, i) =>
      rows.push(label('relevance', 'ann-mei', t + i * 45000, { query, asset_id: assetId, grade: world.gradeFor(themeKey, kind, assetId) })));
  }
}

const ROLE_FIXES = { contextual: 'find', browse: 'find', find: 'browse', reference: 'step', operate: 'find' };

/** Role relabels, labels for retrievals logged without a role, and a disputed few. */
function roleLabels(rng, judged, rows) {
  const unlabeled = judged.filter((r) => !r.role).slice(0, 6);
  const relabeled = rng.sample(judged.filter((r) => r.role && r.role !== 'step'), 24);
  for (const r of unlabeled) rows.push(label('role', rng.weighted(ANNOTATORS), r.ts + 5 * DAY, { retrieval_id: r.retrievalId, role: r.outcome === 'user_pick' ? 'find' : 'browse' }));
  relabeled.forEach((r, i) => {
    const t = r.ts + rng.int(3, 8) * DAY;
    const role = i % 3 === 0 ? r.role : ROLE_FIXES[r.role]; // a third confirm the logged role
    rows.push(label('role', 'ann-mei', t, { retrieval_id: r.retrievalId, role }));
    if (i < 8) {
      const second = i % 2 === 0 ? role : r.role === role ? ROLE_FIXES[r.role] : r.role;
      rows.push(label('role', 'ann-jonas', t + 2 * HOUR, { retrieval_id: r.retrievalId, role: second }));
      if (second !== role && i < 6) rows.push(label('role', ADJUDICATOR, t + DAY, { adjudicated: true, retrieval_id: r.retrievalId, role, note: 'role follows what the agent did with the result' }));
    }
  });
}

/** Intent labels: all misroutes and missed retrievals, plus a sample; two annotators on a subset. */
function intentLabels(rng, prompts, rows) {
  const special = prompts.filter((p) => p.kind === 'missed' || p.kind === 'misroute');
  const sample = rng.sample(prompts.filter((p) => p.kind !== 'missed' && p.kind !== 'misroute'), 230);
  const labeled = special.concat(sample).sort((a, b) => a.ts - b.ts);
  labeled.forEach((p, i) => {
    const t = p.ts + rng.int(2, 12) * DAY;
    const fields = { turn_id: p.turnId, retrieval_intent: p.retrievalIntent, intents: p.intents };
    rows.push(label('intent', i % 2 ? 'ann-jonas' : 'ann-mei', t, fields));
    if (i % 5 === 0) {
      // The second annotator reads the prompt differently now and then.
      const disagree = i % 20 === 0 && p.kind !== 'missed' && p.kind !== 'misroute';
      const second = disagree ? { ...fields, retrieval_intent: !p.retrievalIntent } : fields;
      rows.push(label('intent', i % 2 ? 'ann-mei' : 'ann-jonas', t + 3 * HOUR, second));
      if (disagree && i % 40 === 0) rows.push(label('intent', ADJUDICATOR, t + DAY, { ...fields, adjudicated: true, note: 'ambiguous wording; logged intent stands' }));
    }
  });
}

function answerReviews(rng, responses, rows, responseTs) {
  const verdicts = [['correct', 6], ['partial', 2], ['wrong', 1], ['unsupported', 1]];
  const notes = { correct: 'uses the placed template as asked', partial: 'right template, title not changed', wrong: 'describes a different design', unsupported: 'claims a font the design does not use' };
  for (const response of rng.sample(responses.filter((r) => r.kind === 'retrieval'), 12)) {
    const verdict = rng.weighted(verdicts);
    rows.push(label('answer_review', rng.pick(['ann-mei', 'ann-jonas']), responseTs.get(response.eventId) + 4 * DAY, { target_event_id: response.eventId, verdict, note: notes[verdict] }));
  }
}

export function generateCreativeLabels(world, creative, seed) {
  const rng = makeRandom(seed);
  const rows = [];
  const judgeable = creative.retrievals.filter((r) => !r.noJudge);
  const forced = judgeable.filter((r) => r.forceJudge);
  const target = Math.round(JUDGED_SHARE * creative.retrievals.length);
  const judged = forced.concat(rng.sample(judgeable.filter((r) => !r.forceJudge), Math.max(0, target - forced.length)))
    .sort((a, b) => a.ts - b.ts);
  relevanceLabels(world, rng, judged, rows);
  queryLabels(world, rng, creative.retrievals, rows);
  roleLabels(rng, judged, rows);
  intentLabels(rng, creative.prompts, rows);
  const responseTs = new Map(creative.events.filter((e) => e.type === 'response').map((e) => [e.event_id, Date.parse(e.ts)]));
  answerReviews(rng, creative.responses, rows, responseTs);
  rows.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
  return { rows, judgedIds: new Set(judged.map((r) => r.retrievalId)) };
}
