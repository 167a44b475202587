// The creative-assistant scenarios the samples promise, recomputed from the files with the
// definitions of docs/metrics.md (a small independent re-implementation, not the product's).
import { tsMillis } from './schema.mjs';

const USED = new Set(['select', 'edit', 'place', 'follow_up', 'export', 'share', 'download']);
const COMPLETIONS = new Set(['export', 'share', 'download']);
const K = 10;

/** Given or inherited source_retrieval_id for every action (inherit from the latest earlier place). */
function resolveLineage(actions) {
  const lastPlace = new Map();
  const ordered = actions.map((a, i) => ({ a, i, t: tsMillis(a.ts) })).sort((x, y) => x.t - y.t || x.i - y.i);
  for (const { a } of ordered) {
    const key = `${a.user_id ?? a.session_id}|${a.consumed_asset_id}`;
    a.lineage = a.source_retrieval_id ?? lastPlace.get(key)?.lineage ?? null;
    a.inherited = !a.source_retrieval_id && a.lineage !== null;
    if (a.action === 'place') lastPlace.set(key, a);
  }
}

/** One grade per (retrieval, asset): latest adjudicated, else majority, ties to the latest. */
function resolveGrades(labels, retrievals) {
  const byQuery = new Map();
  for (const r of retrievals) byQuery.set(r.query, [...(byQuery.get(r.query) ?? []), r.retrieval_id]);
  const votes = new Map();
  // Labels without ts count in file order (before any dated label is not defined; they sort first here).
  const when = (l) => (l.ts === undefined ? -Infinity : tsMillis(l.ts));
  const ordered = labels.filter((l) => l.kind === 'relevance').map((l, i) => ({ l, i })).sort((a, b) => when(a.l) - when(b.l) || a.i - b.i);
  for (const { l } of ordered) {
    for (const rid of l.retrieval_id ? [l.retrieval_id] : byQuery.get(l.query) ?? []) {
      const key = `${rid}|${l.asset_id}`;
      votes.set(key, [...(votes.get(key) ?? []), l]);
    }
  }
  const grades = new Map();
  for (const [key, list] of votes) {
    const adjudicated = list.filter((l) => l.adjudicated);
    let grade;
    if (adjudicated.length) grade = adjudicated[adjudicated.length - 1].grade;
    else {
      const counts = new Map();
      list.forEach((l) => counts.set(l.grade, (counts.get(l.grade) ?? 0) + 1));
      const top = Math.max(...counts.values());
      grade = [...list].reverse().find((l) => counts.get(l.grade) === top).grade;
    }
    const [rid, asset] = key.split('|');
    if (!grades.has(rid)) grades.set(rid, new Map());
    grades.get(rid).set(asset, grade);
  }
  return grades;
}

function tier1Bad(r, judged) {
  const ranked = [...new Set(r.returned_asset_ids)];
  if (!ranked.length) return true;
  const gain = (id) => judged.get(id) ?? 0;
  const dcg = ranked.slice(0, K).reduce((sum, id, i) => sum + gain(id) / Math.log2(i + 2), 0);
  const ideal = [...judged.values()].sort((a, b) => b - a).slice(0, K).reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  const ndcg = ideal ? dcg / ideal : 0;
  return gain(ranked[0]) < 1 || ndcg < 0.5;
}

export function creativeFindings(events, labels) {
  const retrievals = events.filter((e) => e.type === 'retrieval');
  const byId = new Map(retrievals.map((r) => [r.retrieval_id, r]));
  const actions = events.filter((e) => e.type === 'action');
  resolveLineage(actions);
  const orf = new Set();
  const used = new Set();
  let bypasses = 0;
  for (const a of actions) {
    if (a.actor === 'user' && ['complain', 'reject'].includes(a.action) && a.lineage) orf.add(a.lineage);
    if (a.actor === 'user' && USED.has(a.action) && a.lineage) used.add(a.lineage);
    if (a.actor === 'agent' && a.lineage && byId.get(a.lineage)?.request_id === a.request_id) used.add(a.lineage);
  }
  for (const r of retrievals) {
    if (r.rewrite_of) orf.add(r.rewrite_of);
    const bypass = actions.some((a) => a.actor === 'agent' && ['use', 'place'].includes(a.action) && a.request_id === r.request_id && !a.source_retrieval_id && !r.returned_asset_ids.includes(a.consumed_asset_id));
    if (bypass) { orf.add(r.retrieval_id); bypasses += 1; }
  }
  for (const f of events) if (f.type === 'feedback' && f.rating === 'down' && f.retrieval_id) orf.add(f.retrieval_id);

  const grades = resolveGrades(labels, retrievals);
  const masked = { consumed: 0, silent: 0 };
  for (const [rid, judged] of grades) {
    const r = byId.get(rid);
    if (r && tier1Bad(r, judged) && !orf.has(rid)) masked[used.has(rid) ? 'consumed' : 'silent'] += 1;
  }

  const completions = actions.filter((a) => a.actor === 'user' && COMPLETIONS.has(a.action));
  const crossSessionInherited = completions.filter((a) => a.action === 'export' && a.inherited && byId.has(a.lineage) && byId.get(a.lineage).session_id !== a.session_id);
  const prompts = events.filter((e) => e.type === 'prompt');
  const retrievalTurns = new Set(retrievals.map((r) => r.turn_id));
  const chatPrompts = prompts.filter((p) => p.surface === 'chat');
  const intents = labels.filter((l) => l.kind === 'intent');
  const rewrites = prompts.filter((p) => p.rewrite_of);
  const promptsPerSession = new Map();
  for (const p of prompts) promptsPerSession.set(p.session_id, (promptsPerSession.get(p.session_id) ?? 0) + 1);
  return {
    retrievals: retrievals.length,
    judgedShare: grades.size / retrievals.length,
    roles: new Set(retrievals.map((r) => r.role ?? '(none)')),
    emptyResults: retrievals.filter((r) => !r.returned_asset_ids.length).length,
    chatRetrievalInvokedRate: chatPrompts.filter((p) => retrievalTurns.has(p.turn_id)).length / chatPrompts.length,
    misroutes: intents.filter((l) => l.retrieval_intent === false && retrievalTurns.has(l.turn_id)).length,
    missedRetrievals: intents.filter((l) => l.retrieval_intent === true && !retrievalTurns.has(l.turn_id)).length,
    multiIntent: intents.filter((l) => l.intents.length >= 2).length,
    searchRewrites: rewrites.filter((p) => retrievalTurns.has(p.rewrite_of)).length,
    downstreamCorrections: rewrites.filter((p) => !retrievalTurns.has(p.rewrite_of)).length,
    retrievalRewrites: retrievals.filter((r) => r.rewrite_of).length,
    bypasses,
    orf: orf.size,
    masked,
    completions: completions.length,
    crossSessionInheritedExports: crossSessionInherited.length,
    adjudicated: labels.filter((l) => l.adjudicated).length,
    unknownFieldEvents: events.filter((e) => e.model || e.ui_variant || e.index_version || e.client).length,
    epochTs: events.filter((e) => typeof e.ts === 'number').length,
    richSessions: [...promptsPerSession.values()].filter((n) => n >= 5).length,
  };
}
