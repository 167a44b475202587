import { describe, expect, it } from 'vitest';
import { parseTimestamp } from './parse-ts';
import { TYPE_COLUMNS } from './columns';
import { CheckedRow, validateEvent, validateInto } from './validate';

const retrieval = { type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: 's1', retrieval_id: 'r1', returned_asset_ids: ['a'] };

describe('validateEvent rejects', () => {
  it.each([
    ['a number', 42, 'not_object', null],
    ['a list', ['a'], 'not_object', null],
    ['no type', { ts: 1, session_id: 's' }, 'missing_field', 'type'],
    ['a type that is not a string', { type: 7 }, 'wrong_type', 'type'],
    ['an unknown type', { type: 'weather', ts: 1 }, 'unknown_type', 'type'],
    ['a retrieval without retrieval_id', { ...retrieval, retrieval_id: undefined }, 'missing_field', 'retrieval_id'],
    ['an action without session_id', { type: 'action', ts: 1, action: 'select' }, 'missing_field', 'session_id'],
    ['a prompt without ts', { type: 'prompt', session_id: 's' }, 'missing_field', 'ts'],
    ['an empty required id', { ...retrieval, retrieval_id: '' }, 'missing_field', 'retrieval_id'],
    ['a string where a list belongs', { ...retrieval, returned_asset_ids: 'a1,a2' }, 'wrong_type', 'returned_asset_ids'],
    ['a list with a non-string', { ...retrieval, returned_asset_ids: ['a', 3] }, 'wrong_type', 'returned_asset_ids'],
    ['scores holding a string', { ...retrieval, scores: [0.5, 'high'] }, 'wrong_type', 'scores'],
    ['a number as a string', { type: 'label', kind: 'relevance', retrieval_id: 'r', asset_id: 'a', grade: '2' }, 'wrong_type', 'grade'],
    ['a grade out of range', { type: 'label', kind: 'relevance', retrieval_id: 'r', asset_id: 'a', grade: 4 }, 'wrong_type', 'grade'],
    ['an id as a number', { ...retrieval, session_id: 12 }, 'wrong_type', 'session_id'],
    ['a boolean as a string', { type: 'eval_case', query: 'q', should_answer: 'yes' }, 'wrong_type', 'should_answer'],
    ['an unknown gate decision', { type: 'gate', ts: 1, session_id: 's', decision: 'maybe' }, 'wrong_type', 'decision'],
    ['an unknown sub-question status', { type: 'subquestion', ts: 1, session_id: 's', question_id: 'q', subquestion_id: 'q.1', status: 'done' }, 'wrong_type', 'status'],
    ['a relevance label with neither retrieval_id nor query', { type: 'label', kind: 'relevance', asset_id: 'a', grade: 1 }, 'missing_field', 'retrieval_id'],
    ['an intent label without turn_id', { type: 'label', kind: 'intent', retrieval_intent: true }, 'missing_field', 'turn_id'],
    ['an unparseable ts', { ...retrieval, ts: 'yesterday' }, 'bad_ts', 'ts'],
    ['an impossible date', { ...retrieval, ts: '2026-13-45T10:00:00Z' }, 'bad_ts', 'ts'],
  ])('%s', (_name, value, reason, field) => {
    const result = validateEvent(value, new Set());
    expect(result.ok).toBe(false);
    if (!result.ok) expect([result.rejection.reason, result.rejection.field]).toEqual([reason, field]);
  });

  it('names the first wrong item of a list', () => {
    const result = validateEvent({ ...retrieval, scores: [0.5, 'high'] }, new Set());
    expect(result.ok ? null : result.rejection.message).toBe('"scores" must be a list of numbers, got a list whose item 2 is a string ("high")');
  });

  it('a retrieval_id seen before, and only the second time', () => {
    const seen = new Set<string>();
    expect(validateEvent(retrieval, seen).ok).toBe(true);
    const again = validateEvent(retrieval, seen);
    expect(again.ok ? null : again.rejection.reason).toBe('duplicate_retrieval_id');
  });
});

describe('validateEvent accepts', () => {
  it.each([
    ['an asset with no ts or session', { type: 'asset', asset_id: 'a1', title: 'A' }],
    ['a label with no ts', { type: 'label', kind: 'role', retrieval_id: 'r1', role: 'find' }],
    ['a relevance label by query', { type: 'label', kind: 'relevance', query: 'cards', asset_id: 'a', grade: 0 }],
    ['an empty result list', { ...retrieval, returned_asset_ids: [] }],
    ['an action string outside the listed ones', { type: 'action', ts: 1, session_id: 's', action: 'bookmark' }],
    ['null for an optional field', { ...retrieval, scores: null }],
    ['epoch milliseconds', { ...retrieval, ts: 1790000000000 }],
  ])('%s', (_name, value) => {
    expect(validateEvent(value, new Set())).toMatchObject({ ok: true });
  });

  it('keeps unknown fields as extra JSON text, and stores ts as epoch ms', () => {
    const result = validateEvent({ ...retrieval, model: 'gpt-x', nested: { a: [1] } }, new Set());
    expect(result.ok && result.event).toEqual({
      values: { type: 'retrieval', ts: Date.UTC(2026, 9, 1, 10), session_id: 's1', retrieval_id: 'r1', returned_asset_ids: ['a'] },
      extra: '{"model":"gpt-x","nested":{"a":[1]}}',
    });
  });
});

describe('a known field on a type that does not own it', () => {
  it('is kept in extra, not stored in a column of another type', () => {
    const result = validateEvent({ ...retrieval, rating: 'down', category: 'returns' }, new Set());
    expect(result.ok && result.event.extra).toBe('{"rating":"down","category":"returns"}');
    expect(result.ok && 'rating' in result.event.values).toBe(false);
  });
});

describe('validateInto, one CheckedRow for record after record', () => {
  const stored = (row: CheckedRow) =>
    Object.fromEntries(TYPE_COLUMNS[row.type].flatMap(({ name }, c) => (row.cells[c] === undefined ? [] : [[name, row.cells[c]]])));

  it('keeps nothing of a record before, rejected half way or accepted', () => {
    const row = new CheckedRow();
    const seen = new Set<string>();
    const full = { ...retrieval, retrieval_id: 'r0', query: 'q', role: 'find', scores: [0.5], latency_ms: 12, retriever: 'bm25', extra_field: 1 };
    expect(validateInto(full, seen, row)).toBeNull();
    expect(stored(row)).toMatchObject({ query: 'q', latency_ms: 12, extra: '{"extra_field":1}' });
    // Rejected at `scores`, after query and role were written.
    expect(validateInto({ ...full, retrieval_id: 'r1', scores: ['high'] }, seen, row)?.field).toBe('scores');
    expect(validateInto({ type: 'retrieval', ts: 5, session_id: 's2', retrieval_id: 'r2' }, seen, row)).toBeNull();
    expect(stored(row)).toEqual({ type: 'retrieval', ts: 5, session_id: 's2', retrieval_id: 'r2' });
    expect(validateInto({ type: 'prompt', ts: 6, session_id: 's3' }, seen, row)).toBeNull();
    expect(stored(row)).toEqual({ type: 'prompt', ts: 6, session_id: 's3' });
    // A rejected retrieval's id is not taken.
    expect(validateInto({ type: 'retrieval', ts: 7, session_id: 's4', retrieval_id: 'r1' }, seen, row)).toBeNull();
  });
});

describe('parseTimestamp', () => {
  it.each([
    ['2026-10-01T10:00:00Z', Date.UTC(2026, 9, 1, 10)],
    ['2026-10-01T10:00:00.250Z', Date.UTC(2026, 9, 1, 10, 0, 0, 250)],
    ['2026-10-01T12:00:00+02:00', Date.UTC(2026, 9, 1, 10)],
    ['2026-10-01T10:00:00', Date.UTC(2026, 9, 1, 10)],
    ['2026-10-01 10:00:00', Date.UTC(2026, 9, 1, 10)],
    ['2026-10-01', Date.UTC(2026, 9, 1)],
    [1790000000000, 1790000000000],
    ['1790000000000', 1790000000000],
    ['yesterday', null],
    ['10/01/2026', null],
    [Number.NaN, null],
    [true, null],
  ])('%s', (input, expected) => {
    expect(parseTimestamp(input)).toBe(expected);
  });
});
