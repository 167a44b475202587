import { mulberry32 } from '../../lib/seeded-random';
/**
 * Test fixture: a generated log that reaches every branch the metric tables have, the same on
 * every run: prompts with categories and rewrites, intent and role labels (some adjudicated),
 * relevance labels by query and by retrieval with split votes, repeated assets in a result,
 * empty results, places without a source that later actions inherit from (across sessions of
 * one user), agent uses, complaints, re-searches, feedback, runs and retrievers; then what the
 * fixed sections read (`moreEvents`): gates, responses with answer reviews, eval cases and
 * multi-hop questions with their sub-question states, retrievals and answers. Most retrievals log
 * `stages` (`stagesOf`, drawn from a generator of their own so the rest stays as it was).
 */

export function generatedEvents(sessions: number, seed = 7): string {
  const next = mulberry32(seed);
  const stageDraw = mulberry32(seed + 1000);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  const lines: object[] = [];
  const turns: Turn[] = [];
  let clock = Date.UTC(2026, 8, 20);
  const ts = () => (clock += Math.floor(next() * 3_600_000));
  for (let s = 0; s < sessions; s++) {
    const base = { session_id: `s${s}`, surface: pick(['chat', 'editor', 'library']), run_id: pick(['v1', 'v2', undefined]), ...(chance(0.7) ? { user_id: `u${s % 40}` } : {}) };
    for (let q = 0; q < 1 + Math.floor(next() * 3); q++) {
      const turn = `s${s}-t${q}`;
      const request = `${turn}-req`;
      const retrieval = `${turn}-r`;
      const query = pick(['red shoes', 'tax form', 'quarterly report', 'logo svg', `rare ${s}`]);
      lines.push({ type: 'prompt', ts: ts(), ...base, turn_id: turn, request_id: request, text: query, category: chance(0.6) ? pick(['billing', 'design', 'legal']) : undefined, rewrite_of: q > 0 && chance(0.3) ? `s${s}-t${q - 1}` : undefined });
      if (chance(0.15)) continue; // a prompt that invoked no retrieval
      turns.push({ base, turn, request, retrieval, query });
      const assets = chance(0.1) ? [] : Array.from({ length: 1 + Math.floor(next() * 8) }, () => `a${Math.floor(next() * 60)}`);
      lines.push({ type: 'retrieval', ts: ts(), ...base, turn_id: turn, request_id: request, retrieval_id: retrieval, query, role: pick(['find', 'browse', 'reference', undefined]), retriever: pick(['bm25', 'dense']), returned_asset_ids: assets, rewrite_of: q > 0 && chance(0.2) ? `s${s}-t${q - 1}-r` : undefined, stages: stagesOf(assets, stageDraw) });
      for (const asset of assets) {
        for (const annotator of ['ann1', 'ann2', 'ann3']) if (chance(0.35)) lines.push({ type: 'label', kind: 'relevance', retrieval_id: retrieval, asset_id: asset, grade: Math.floor(next() * 4), annotator, ts: chance(0.5) ? ts() : undefined });
        if (chance(0.05)) lines.push({ type: 'label', kind: 'relevance', retrieval_id: retrieval, asset_id: asset, grade: Math.floor(next() * 4), annotator: 'lead', adjudicated: true });
      }
      if (chance(0.1)) lines.push({ type: 'label', kind: 'relevance', query, asset_id: `a${Math.floor(next() * 60)}`, grade: 1 + Math.floor(next() * 3), annotator: 'ann1' });
      if (chance(0.2)) lines.push({ type: 'label', kind: 'role', retrieval_id: retrieval, role: pick(['find', 'operate', 'step']), annotator: pick(['ann1', 'ann2']), adjudicated: chance(0.3) });
      if (chance(0.3)) lines.push({ type: 'label', kind: 'intent', turn_id: turn, retrieval_intent: chance(0.7), intents: chance(0.3) ? ['find', 'edit'] : ['find'], annotator: pick(['ann1', 'ann2']) });
      for (let a = 0; a < Math.floor(next() * 4); a++) {
        const asset = assets.length && chance(0.8) ? pick(assets) : `a${Math.floor(next() * 60)}`;
        const actor = chance(0.3) ? 'agent' : 'user';
        const action = actor === 'agent' ? pick(['use', 'place']) : pick(['select', 'place', 'export', 'share', 'edit', 'complain', 'download']);
        lines.push({ type: 'action', ts: ts(), ...base, turn_id: turn, request_id: request, actor, action, consumed_asset_id: asset, source_retrieval_id: chance(0.6) ? retrieval : undefined });
      }
      if (chance(0.2)) lines.push({ type: 'feedback', ts: ts(), ...base, rating: pick(['up', 'down']), retrieval_id: chance(0.5) ? retrieval : undefined });
    }
  }
  lines.push(...moreEvents(turns, { pick, chance, ts, next }));
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

/**
 * A retrieval's stages around its returned list, or none (a third): two retriever stages (BM25
 * with whole-number scores that tie, a vector list with scores to two decimals, some without
 * scores) holding the returned assets and others, then a rerank stage of the returned list in
 * half; or one retriever stage with a repeat; or an empty stage.
 */
function stagesOf(returned: string[], next: () => number): object[] | undefined {
  const draw = next();
  if (draw < 0.33) return undefined;
  const others = Array.from({ length: Math.floor(next() * 4) }, () => `a${Math.floor(next() * 60)}`);
  const shuffled = (ids: string[]) => ids.map((id) => ({ id, key: next() })).sort((x, y) => x.key - y.key).map(({ id }) => id);
  if (draw < 0.43) return [{ name: 'dense', kind: 'retriever', asset_ids: [...returned, ...others, ...returned.slice(0, 1)] }];
  if (draw < 0.46) return [{ name: 'bm25', kind: 'retriever', asset_ids: [], scores: [] }];
  const bm25 = shuffled([...returned, ...others]);
  const vector = shuffled([...returned.slice(1), ...others.slice(1), `a${Math.floor(next() * 60)}`]);
  const stages: object[] = [
    { name: 'bm25', kind: 'retriever', asset_ids: bm25, scores: bm25.map(() => 1 + Math.floor(next() * 3)) },
    { name: 'vector', kind: 'retriever', asset_ids: vector, ...(next() < 0.2 ? {} : { scores: vector.map(() => Math.round(next() * 100) / 100) }) },
  ];
  if (next() < 0.5) stages.push({ name: 'rerank', kind: 'rerank', asset_ids: returned, scores: returned.map(() => Math.round(next() * 1000) / 1000) });
  return stages;
}

interface Turn {
  base: { session_id: string; surface: string; run_id?: string };
  turn: string;
  request: string;
  retrieval: string;
  query: string;
}

interface Draws {
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  ts: () => number;
  next: () => number;
}

const asset = (next: () => number) => `a${Math.floor(next() * 60)}`;

/** Gates (some without a score), responses and their reviews, eval cases (one no retrieval has), questions run by two systems. */
function moreEvents(turns: Turn[], { pick, chance, ts, next }: Draws): object[] {
  const lines: object[] = [];
  for (const { base, turn, request, retrieval } of turns) {
    if (chance(0.5)) lines.push({ type: 'gate', ts: ts(), ...base, turn_id: turn, request_id: request, retrieval_id: retrieval, decision: pick(['answer', 'clarify', 'handoff']), dense_score: chance(0.8) ? Math.round(next() * 1e4) / 1e4 : undefined, category: pick(['billing', 'legal']) });
    if (!chance(0.6)) continue;
    const response = `${turn}-resp`;
    lines.push({ type: 'response', event_id: response, ts: ts(), ...base, turn_id: turn, request_id: request, text: 'an answer', cited_asset_ids: [] });
    for (const annotator of ['qa1', 'qa2']) if (chance(0.3)) lines.push({ type: 'label', kind: 'answer_review', annotator, target_event_id: response, verdict: pick(['correct', 'wrong', 'partial', 'unsupported']), ts: ts() });
    if (chance(0.05)) lines.push({ type: 'label', kind: 'answer_review', annotator: 'lead', adjudicated: true, target_event_id: response, verdict: pick(['correct', 'wrong']) });
  }
  for (const query of ['red shoes', 'tax form', 'quarterly report', 'logo svg', 'never asked']) {
    lines.push({ type: 'eval_case', query, gold_asset_ids: chance(0.3) ? [] : [asset(next), asset(next)], should_answer: chance(0.5) ? chance(0.5) : undefined, category: pick(['billing', 'legal']) });
  }
  for (let q = 0; q < 12; q++) {
    const question = `q${q}`;
    lines.push({ type: 'question', question_id: question, text: `question ${q}`, entities: ['Acme'], gold_answer: 'yes', gold_evidence_ids: [asset(next), chance(0.5) ? `gold-${q}` : asset(next)] });
    for (const run of ['v1', 'v2']) {
      const base = { session_id: `${question}-${run}`, run_id: run, question_id: question };
      for (let sub = 0; sub < 1 + Math.floor(next() * 3); sub++) {
        const subquestion = `${question}-s${sub}`;
        const at = { ...base, subquestion_id: subquestion, text: `part ${sub} of Acme` };
        if (chance(0.8)) lines.push({ type: 'subquestion', ts: ts(), ...at, status: 'pending' });
        if (chance(0.8)) lines.push({ type: 'subquestion', ts: ts(), ...at, status: 'active' });
        for (let r = 0; r < Math.floor(next() * 3); r++) {
          lines.push({ type: 'retrieval', ts: ts(), ...base, subquestion_id: subquestion, retrieval_id: `${subquestion}-${run}-r${r}`, query: chance(0.7) ? `part ${sub} of Acme` : 'something else', returned_asset_ids: [asset(next), asset(next)] });
        }
        const last = pick(['resolved', 'retired', 'none']);
        if (last === 'resolved') lines.push({ type: 'subquestion', ts: ts(), ...at, status: 'resolved', evidence_ids: chance(0.7) ? [asset(next)] : [], note: 'found' });
        if (last === 'retired') lines.push({ type: 'subquestion', ts: ts(), ...at, status: 'retired', reason: chance(0.5) ? 'not needed' : undefined });
      }
      if (chance(0.7)) lines.push({ type: 'response', ts: ts(), ...base, text: 'Acme says yes', cited_asset_ids: [asset(next)] });
    }
  }
  return lines;
}
