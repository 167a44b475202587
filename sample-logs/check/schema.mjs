// The input contract of docs/log-format.md as data: field types per event type, the
// fields the format requires, and the stricter expectations the generated samples also meet.

const COMMON = { type: 'string', event_id: 'string', session_id: 'string', turn_id: 'string', request_id: 'string', user_id: 'string', surface: 'string', run_id: 'string' };

export const FIELDS = {
  prompt: { text: 'string', category: 'string', rewrite_of: 'string' },
  route: { route: 'string', tool: 'string' },
  retrieval: {
    retrieval_id: 'string', query: 'string', role: 'string', returned_asset_ids: 'string[]', scores: 'number[]', dense_score: 'number',
    sparse_score: 'number', retriever: 'string', question_id: 'string', subquestion_id: 'string', rewrite_of: 'string', latency_ms: 'number',
  },
  action: { actor: 'string', action: 'string', consumed_asset_id: 'string', source_retrieval_id: 'string' },
  response: { text: 'string', cited_asset_ids: 'string[]', question_id: 'string' },
  gate: { decision: 'string', reason: 'string', dense_score: 'number', sparse_score: 'number', top_gap: 'number', doc_count: 'number', category: 'string', retrieval_id: 'string' },
  feedback: { rating: 'string', target_event_id: 'string', retrieval_id: 'string', comment: 'string' },
  question: { question_id: 'string', text: 'string', entities: 'string[]', gold_answer: 'string', gold_evidence_ids: 'string[]' },
  subquestion: { question_id: 'string', subquestion_id: 'string', text: 'string', status: 'string', note: 'string', evidence_ids: 'string[]', reason: 'string', entities: 'string[]' },
  asset: { asset_id: 'string', title: 'string', text: 'string', kind: 'string' },
  label: {
    kind: 'string', annotator: 'string', adjudicated: 'boolean', retrieval_id: 'string', query: 'string', asset_id: 'string', grade: 'number',
    role: 'string', turn_id: 'string', retrieval_intent: 'boolean', intents: 'string[]', target_event_id: 'string', verdict: 'string', note: 'string',
  },
  eval_case: { query: 'string', gold_asset_ids: 'string[]', should_answer: 'boolean', category: 'string' },
};

const NO_TS = new Set(['asset', 'question', 'label', 'eval_case']);
const NEEDS_SESSION = new Set(['prompt', 'route', 'retrieval', 'action', 'response', 'gate', 'feedback', 'subquestion']);

/** What the samples promise beyond the format's minimum ("required in spirit"). */
const SAMPLE_REQUIRED = {
  route: ['route'], action: ['actor', 'action', 'consumed_asset_id'], response: ['cited_asset_ids'], feedback: ['rating', 'target_event_id'],
  gate: ['decision', 'reason', 'retrieval_id'], question: ['question_id', 'text', 'gold_evidence_ids'], subquestion: ['question_id', 'subquestion_id', 'status'],
  asset: ['asset_id', 'title', 'kind'], label: ['kind', 'annotator'], eval_case: ['query', 'gold_asset_ids', 'should_answer', 'category'], retrieval: ['query', 'returned_asset_ids'],
};
const LABEL_REQUIRED = { relevance: ['asset_id', 'grade'], role: ['retrieval_id', 'role'], intent: ['turn_id', 'retrieval_intent', 'intents'], answer_review: ['target_event_id', 'verdict'] };

export const fieldType = (type, field) => COMMON[field] ?? FIELDS[type]?.[field];

function hasType(value, expected) {
  if (expected === 'string[]') return Array.isArray(value) && value.every((v) => typeof v === 'string');
  if (expected === 'number[]') return Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v));
  if (expected === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === expected;
}

export const tsMillis = (ts) => (typeof ts === 'number' ? ts : typeof ts === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(ts) ? Date.parse(ts) : NaN);

/** The first problem the format itself defines for one parsed line, or null. */
export function formatProblem(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { reason: 'not_object', field: null };
  if (value.type === undefined) return { reason: 'missing_field', field: 'type' };
  if (!FIELDS[value.type]) return { reason: 'unknown_type', field: 'type' };
  const required = [...(NO_TS.has(value.type) ? [] : ['ts']), ...(NEEDS_SESSION.has(value.type) ? ['session_id'] : []), ...(value.type === 'retrieval' ? ['retrieval_id'] : [])];
  const missing = required.find((field) => value[field] === undefined || value[field] === null || value[field] === '');
  if (missing) return { reason: 'missing_field', field: missing };
  for (const [field, fieldValue] of Object.entries(value)) {
    const expected = fieldType(value.type, field);
    if (expected && fieldValue !== null && !hasType(fieldValue, expected)) return { reason: 'wrong_type', field };
  }
  if (value.ts !== undefined && Number.isNaN(tsMillis(value.ts))) return { reason: 'bad_ts', field: 'ts' };
  return null;
}

/** Format problems plus the samples' stricter promises; returns a list of messages. */
export function sampleProblems(event) {
  const problem = formatProblem(event);
  if (problem) return [`${problem.reason} ${problem.field ?? ''}`.trim()];
  const required = (SAMPLE_REQUIRED[event.type] ?? []).concat(event.type === 'label' ? LABEL_REQUIRED[event.kind] ?? ['unknown label kind'] : []);
  const problems = required.filter((field) => event[field] === undefined).map((field) => `missing ${field}`);
  if (event.type === 'label' && event.kind === 'relevance' && !event.retrieval_id && !event.query) problems.push('missing retrieval_id or query');
  if (event.type === 'label' && event.grade !== undefined && ![0, 1, 2, 3].includes(event.grade)) problems.push('grade outside 0–3');
  if (event.type === 'retrieval' && event.scores && event.scores.length !== event.returned_asset_ids.length) problems.push('scores not parallel to returned_asset_ids');
  if (event.type === 'retrieval' && event.scores?.some((s, i) => i > 0 && s > event.scores[i - 1])) problems.push('scores not descending');
  return problems;
}

/** CSV cells are text: turn them into the field's type (empty cell = missing). */
export function coerceCsvCell(type, field, text) {
  if (text === '') return undefined;
  const expected = fieldType(type, field);
  if (expected === 'number') return Number(text);
  if (expected === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (expected?.endsWith('[]')) return JSON.parse(text);
  return text;
}
