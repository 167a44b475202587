import { mulberry32 } from '../lib/seeded-random';
/** Test fixture: a generated log of many sessions with bad lines, the same on every run. */

/** Sessions of retrievals, actions, labels, responses, reviews and feedback with bad lines in between. */
export function generatedLog(sessions: number): string {
  const next = mulberry32(12);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const lines: string[] = [];
  const day = (n: number) => new Date(Date.UTC(2026, 9, 1) + n * 3_600_000 * 7 + Math.floor(next() * 3_600_000)).toISOString();
  for (let s = 0; s < sessions; s++) {
    const session = `s${s}`;
    const surface = pick(['search', 'chat', 'assist']);
    for (let q = 0; q < 1 + Math.floor(next() * 3); q++) {
      const request = `${session}-q${q}`;
      const retrieval = `${request}-r`;
      const assets = Array.from({ length: 1 + Math.floor(next() * 12) }, (_, i) => `a${Math.floor(next() * 400) + i}`);
      lines.push(JSON.stringify({ type: 'retrieval', ts: day(s), session_id: session, surface, request_id: request, retrieval_id: retrieval, role: pick(['find', 'verify', 'expand']), returned_asset_ids: assets, scores: assets.map(() => next()) }));
      for (const asset of assets) if (next() < 0.6) lines.push(JSON.stringify({ type: 'label', kind: 'relevance', retrieval_id: retrieval, asset_id: asset, grade: Math.floor(next() * 4), annotator: pick(['ann1', 'ann2']) }));
      if (next() < 0.7) lines.push(JSON.stringify({ type: 'action', ts: day(s), session_id: session, actor: 'user', action: pick(['select', 'export', 'dismiss', 'share']), consumed_asset_id: pick(assets), source_retrieval_id: retrieval }));
      const response = `${request}-resp`;
      lines.push(JSON.stringify({ type: 'response', ts: day(s), session_id: session, event_id: response, request_id: request, text: `answer ${q}` }));
      for (const annotator of ['qa1', 'qa2']) if (next() < 0.5) lines.push(JSON.stringify({ type: 'label', kind: 'answer_review', target_event_id: response, verdict: pick(['correct', 'wrong', 'partial', 'unsupported']), annotator }));
      if (next() < 0.3) lines.push(JSON.stringify({ type: 'feedback', ts: day(s), session_id: session, target_event_id: response, rating: pick(['up', 'down']) }));
    }
    if (s % 7 === 3) lines.push(pick(['{"type": "retrieval", "ts": ', 'not json at all', '{"type":"retrieval","session_id":"x"}', '{"type":"label","kind":"relevance","grade":"high"}', '[1,2,3]', '{"type":"unknown_type","ts":"2026-10-01T00:00:00Z"}']));
  }
  return lines.join('\n') + '\n';
}
