// Search-drift flags of docs/metrics.md, recomputed from the multi-hop sample.
import { tsMillis } from './schema.mjs';

const QUESTION_WORDS = new Set(['Who', 'Whom', 'Which', 'What', 'Where', 'When', 'In', 'On']);

/** Multi-word capitalised names ("The Harbor Ledger", "Halloway & Sons") in a question's text. */
function capitalisedNames(text) {
  const names = [];
  for (const match of text.matchAll(/\b[A-Z][\w'-]*(?:\s+(?:&\s+)?[A-Z][\w'-]*)+/g)) {
    const words = match[0].split(/\s+/);
    while (words.length && QUESTION_WORDS.has(words[0])) words.shift();
    if (words.length >= 2) names.push(words.join(' '));
  }
  return names;
}

export function driftFindings(events, allRetrievals) {
  const questions = new Map(events.filter((e) => e.type === 'question').map((q) => [q.question_id, q]));
  const groups = new Map();
  events.forEach((e, order) => {
    if (!e.question_id || e.type === 'question') return;
    const key = `${e.question_id}|${e.run_id}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push({ ...e, order, t: tsMillis(e.ts) });
  });
  const entityOwner = new Map();
  const own = (name, qid) => entityOwner.set(name.toLowerCase(), [...(entityOwner.get(name.toLowerCase()) ?? []), qid]);
  for (const q of questions.values()) {
    (q.entities ?? []).forEach((n) => own(n, q.question_id));
    capitalisedNames(q.text).forEach((n) => own(n, q.question_id));
  }
  for (const e of events) if (e.type === 'subquestion') (e.entities ?? []).forEach((n) => own(n, e.question_id));

  const flags = { orphan_query: 0, skipped_active: 0, resolved_without_evidence: 0, retired_without_reason: 0, never_activated: 0, entity_drift: 0, not_asked: 0, unreachable: 0, insufficient_evidence: 0 };
  const nearMisses = { same_ms_active: 0, pending_then_retired: 0 };
  for (const [key, list] of groups) {
    const [qid, runId] = key.split('|');
    const question = questions.get(qid);
    const states = list.filter((e) => e.type === 'subquestion').sort((a, b) => a.t - b.t || a.order - b.order);
    const bySub = new Map();
    for (const s of states) bySub.set(s.subquestion_id, [...(bySub.get(s.subquestion_id) ?? []), s]);
    const ownEntities = new Set([...(question.entities ?? []), ...states.flatMap((s) => s.entities ?? [])].map((n) => n.toLowerCase()));
    const retrievals = list.filter((e) => e.type === 'retrieval');
    for (const r of retrievals) {
      const history = bySub.get(r.subquestion_id) ?? [];
      const current = history.filter((s) => s.t <= r.t).pop();
      if (!r.subquestion_id || current?.status !== 'active') flags.orphan_query += 1;
      else if (current.t === r.t) nearMisses.same_ms_active += 1;
      const query = r.query.toLowerCase();
      if ([...entityOwner.keys()].some((name) => query.includes(name) && !ownEntities.has(name))) flags.entity_drift += 1;
    }
    for (const history of bySub.values()) {
      history.forEach((s, i) => {
        if (i > 0 && history[i - 1].status === 'pending' && s.status === 'resolved') flags.skipped_active += 1;
        if (s.status === 'resolved' && !s.evidence_ids?.length) flags.resolved_without_evidence += 1;
        if (s.status === 'retired' && !s.reason) flags.retired_without_reason += 1;
      });
      const last = history[history.length - 1];
      if (last.status === 'pending') flags.never_activated += 1;
      if (last.status === 'retired' && history.every((s) => s.status !== 'active')) nearMisses.pending_then_retired += 1;
    }
    const returnedHere = new Set(retrievals.flatMap((r) => r.returned_asset_ids));
    for (const gold of question.gold_evidence_ids) {
      if (returnedHere.has(gold)) continue;
      flags[allRetrievals.some((r) => r.returned_asset_ids.includes(gold)) ? 'not_asked' : 'unreachable'] += 1;
    }
    if (list.some((e) => e.type === 'response')) {
      const resolved = [...bySub.values()].map((h) => h[h.length - 1]).filter((s) => s.status === 'resolved');
      const evidence = resolved.flatMap((s) => s.evidence_ids ?? []);
      if (resolved.some((s) => !s.evidence_ids?.length) || !evidence.some((id) => question.gold_evidence_ids.includes(id))) flags.insufficient_evidence += 1;
    }
  }
  return { runs: groups.size, flags, nearMisses };
}
