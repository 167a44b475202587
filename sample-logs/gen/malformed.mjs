// malformed.jsonl: every kind of bad line mixed with valid events, and the rejections and
// warnings a loader must report for it (malformed.expected.json, 1-based lines).

const T = (s) => `2026-10-05T10:00:${String(s).padStart(2, '0')}.000Z`;
const base = (n, s) => ({ event_id: `mf-e${String(n).padStart(2, '0')}`, ts: T(s), session_id: 'mf-s1', turn_id: 't-mf-s1-1', request_id: 'req-mf-s1-1', user_id: 'u-mf01', surface: 'chat' });
const ok = (event) => [JSON.stringify(event), null];
const bad = (text, reason, field = null) => [typeof text === 'string' ? text : JSON.stringify(text), { reason, field }];
const without = (event, field) => Object.fromEntries(Object.entries(event).filter(([key]) => key !== field));

const retrieval = (n, s, id, extra = {}) => ({ type: 'retrieval', ...base(n, s), retrieval_id: id, query: 'poster template', role: 'find', returned_asset_ids: ['tpl-0901', 'tpl-0902', 'tpl-0903'], scores: [0.91, 0.84, 0.77], ...extra });

const LINES = [
  ok({ type: 'prompt', ...base(1, 0), text: 'Find a poster template for a bake sale' }),
  ok({ type: 'route', ...base(2, 1), route: 'retrieval' }),
  ok(retrieval(3, 2, 'r-900001')),
  bad('{"type":"retrieval","event_id":"mf-e04","ts":"2026-10-05T10:00:03.000Z","session_id":"mf-s1","retrieval_id":"r-900009","returned_asset_ids":["tpl-0901",', 'invalid_json'),
  ok({ type: 'action', ...base(5, 4), actor: 'agent', action: 'place', consumed_asset_id: 'tpl-0901', source_retrieval_id: 'r-900001' }),
  bad('{"type":"response","event_id":"mf-e06","ts":"2026-10-05T10:00:05.000Z","session_id":"mf-s1","text":"Here you go","cited_asset_ids":["tpl-0901"]} trailing', 'invalid_json'),
  bad('42', 'not_object'),
  bad('["a"]', 'not_object'),
  ['', null], // blank lines are skipped, neither rejected nor warned
  bad({ type: 'click', ...base(10, 9), target: 'result-grid' }, 'unknown_type', 'type'),
  bad(without({ type: 'prompt', ...base(11, 10), text: 'hello?' }, 'type'), 'missing_field', 'type'),
  bad(without(retrieval(12, 11, 'unused'), 'retrieval_id'), 'missing_field', 'retrieval_id'),
  bad(without({ type: 'action', ...base(13, 12), actor: 'user', action: 'select', consumed_asset_id: 'tpl-0902', source_retrieval_id: 'r-900001' }, 'session_id'), 'missing_field', 'session_id'),
  bad(without({ type: 'prompt', ...base(14, 13), text: 'and a matching font' }, 'ts'), 'missing_field', 'ts'),
  ok({ type: 'response', ...base(15, 14), text: 'I placed "Retro Bake Sale Flyer" in your design.', cited_asset_ids: ['tpl-0901'] }),
  bad(retrieval(16, 15, 'r-900004', { returned_asset_ids: 'tpl-0901,tpl-0902', scores: [0.9, 0.8] }), 'wrong_type', 'returned_asset_ids'),
  bad(retrieval(17, 16, 'r-900005', { scores: [0.9, '0.8', 0.7] }), 'wrong_type', 'scores'),
  bad({ type: 'label', kind: 'relevance', annotator: 'ann-mei', retrieval_id: 'r-900001', asset_id: 'tpl-0901', grade: '2' }, 'wrong_type', 'grade'),
  ok(retrieval(19, 18, 'r-900002', { query: 'bake sale flyer' })),
  ok({ type: 'feedback', ...base(20, 19), rating: 'up', target_event_id: 'mf-e15', comment: 'nice' }),
  bad(retrieval(21, 20, 'r-900002', { query: 'bake sale poster' }), 'duplicate_retrieval_id', 'retrieval_id'),
  bad({ type: 'prompt', ...base(22, 21), ts: 'yesterday', text: 'make it pink' }, 'bad_ts', 'ts'),
  // A valid event whose source names a retrieval that no file defines: kept, with a warning.
  bad({ type: 'action', ...base(23, 22), actor: 'user', action: 'export', consumed_asset_id: 'tpl-0901', source_retrieval_id: 'r-999999' }, 'unknown_reference', 'source_retrieval_id'),
  ok({ type: 'asset', event_id: 'mf-e24', asset_id: 'tpl-0901', kind: 'template', title: 'Retro Bake Sale Flyer', text: 'Editable bake sale flyer template in a retro style.' }),
  ok({ type: 'label', event_id: 'mf-e25', kind: 'relevance', annotator: 'ann-mei', retrieval_id: 'r-900001', asset_id: 'tpl-0901', grade: 3 }),
  ok({ type: 'gate', ...base(26, 25), decision: 'answer', reason: 'ok', dense_score: 0.88, sparse_score: 7.1, top_gap: 0.11, doc_count: 3, category: 'templates', retrieval_id: 'r-900002' }),
];

export function generateMalformed() {
  const lines = LINES.map(([text]) => text);
  const expected = LINES.flatMap(([, expect], i) => (expect ? [{ line: i + 1, reason: expect.reason, field: expect.field }] : []));
  return { lines, expected };
}
