import { describe, expect, it } from 'vitest';
import type { DriftFlag } from '../drift/flags';
import { driftCountsBySession, searchSnippet, shapeSessionList, type SessionListFilter, type SessionSignalRow } from './session-list';

const session = (id: string, fields: Partial<SessionSignalRow> = {}): SessionSignalRow => ({
  session_id: id, user_id: null, surface: null, run_id: null, start_ts: null, duration_ms: null,
  events: 1, prompts: 0, retrievals: 0, actions: 0, worst_verdict: null, in_scope: true,
  masked: 0, orf: 0, empty: 0, failed: 0, clarify: 0, handoff: 0, down: 0, wrong: 0, rewrite: 0, completion: 0, ...fields,
});

const flag = (session_id: string | null, run_id: string | null): DriftFlag =>
  ({ kind: 'orphan_query', session_id, question_id: 'q1', run_id, detail: '' });

const FILTER: SessionListFilter = { has: [], scoped: false, sort: 'start_ts', descending: true };

const SESSIONS = [
  session('a', { start_ts: 3, handoff: 2, down: 1, worst_verdict: 'partial', wrong: 1, empty: 1 }),
  session('b', { start_ts: 1, handoff: 1, worst_verdict: 'wrong', wrong: 1, in_scope: false }),
  session('c', { start_ts: 2, down: 3, worst_verdict: 'correct' }),
  session('d', { start_ts: null, masked: 4, failed: 2 }),
];

const ids = (filter: Partial<SessionListFilter>, drift: Map<string, number> | null = null) =>
  shapeSessionList({ sessions: SESSIONS, drift, matches: null, search: '', filter: { ...FILTER, ...filter } }).rows.map((row) => row.session_id);

describe('shapeSessionList', () => {
  it('keeps sessions with at least one of each signal asked for', () => {
    expect(ids({ has: ['handoff'] })).toEqual(['a', 'b']);
    expect(ids({ has: ['handoff', 'down'] })).toEqual(['a']);
    expect(ids({ has: ['wrong'] })).toEqual(['a', 'b']);
    expect(ids({ has: ['masked', 'down'] })).toEqual([]);
    // a failed retrieval is its own signal, never an empty one
    expect(ids({ has: ['empty'] })).toEqual(['a']);
    expect(ids({ has: ['failed'] })).toEqual(['d']);
    expect(ids({ has: ['empty', 'failed'] })).toEqual([]);
  });

  it('with a scope, only sessions with an event in it', () => {
    expect(ids({ scoped: true })).toEqual(['a', 'c', 'd']);
    expect(ids({ scoped: true, has: ['handoff'] })).toEqual(['a']);
  });

  it('counts, per signal, the sessions the list would show with that signal added to the filter', () => {
    const count = (filter: Partial<SessionListFilter>) =>
      shapeSessionList({ sessions: SESSIONS, drift: null, matches: null, search: '', filter: { ...FILTER, ...filter } }).withSignal;
    // no signal on: each signal alone
    expect(count({})).toEqual({ masked: 1, orf: 0, empty: 1, failed: 1, drift: null, clarify: 0, handoff: 2, down: 2, wrong: 2, rewrite: 0, completion: 0 });
    // in scope only (b is out)
    expect(count({ scoped: true })).toEqual({ masked: 1, orf: 0, empty: 1, failed: 1, drift: null, clarify: 0, handoff: 1, down: 2, wrong: 1, rewrite: 0, completion: 0 });
    // handoff on (a, b shown): down would keep a; handoff itself, the rows shown
    expect(count({ has: ['handoff'] })).toEqual({ masked: 0, orf: 0, empty: 1, failed: 0, drift: null, clarify: 0, handoff: 2, down: 1, wrong: 2, rewrite: 0, completion: 0 });
    expect(count({ scoped: true, has: ['masked'] })).toEqual({ masked: 1, orf: 0, empty: 0, failed: 1, drift: null, clarify: 0, handoff: 0, down: 0, wrong: 0, rewrite: 0, completion: 0 });
    // each count is what the list shows once that chip is added
    for (const has of [[], ['handoff'], ['down'], ['handoff', 'wrong']] as const) {
      const counts = count({ has });
      for (const signal of ['masked', 'empty', 'failed', 'handoff', 'down', 'wrong'] as const) {
        expect(counts[signal]).toBe(ids({ has: [...new Set([...has, signal])] }).length);
      }
    }
  });

  it('sorts either way with empty values last, ties by id; the review column by its worst verdict', () => {
    expect(ids({})).toEqual(['a', 'c', 'b', 'd']);
    expect(ids({ descending: false })).toEqual(['b', 'c', 'a', 'd']);
    expect(ids({ sort: 'down' })).toEqual(['c', 'a', 'b', 'd']);
    expect(ids({ sort: 'wrong' })).toEqual(['b', 'a', 'c', 'd']);
    expect(ids({ sort: 'wrong', descending: false })).toEqual(['c', 'a', 'b', 'd']);
  });

  it('merges drift flags, filters and sorts by them', () => {
    const drift = driftCountsBySession([flag('c', 'r1'), flag('c', 'r2'), flag('d', 'r1'), flag(null, 'r1')], null);
    expect(drift).toEqual(new Map([['c', 2], ['d', 1]]));
    expect(ids({ has: ['drift'] }, drift)).toEqual(['c', 'd']);
    expect(ids({ sort: 'drift' }, drift)).toEqual(['c', 'd', 'a', 'b']);
    expect(driftCountsBySession([flag('c', 'r1'), flag('c', 'r2')], 'r2')).toEqual(new Map([['c', 1]]));
    const pending = shapeSessionList({ sessions: SESSIONS, drift: null, matches: null, search: '', filter: FILTER });
    expect(pending.rows.map((row) => row.drift)).toEqual([null, null, null, null]);
  });

  it('with a search, only the matching sessions, each with its snippet; the total stays every session', () => {
    const list = shapeSessionList({
      sessions: SESSIONS, drift: null, search: 'refund', filter: FILTER,
      matches: [{ session_id: 'c', field: 'prompt', text: 'Where is my Refund?' }],
    });
    expect(list.total).toBe(4);
    expect(list.rows.map((row) => [row.session_id, row.snippet])).toEqual([
      ['c', { field: 'prompt', before: 'Where is my ', match: 'Refund', after: '?' }],
    ]);
  });
});

describe('searchSnippet', () => {
  it('cuts long text around the first match with ellipses', () => {
    const text = `${'a'.repeat(50)}NEEDLE${'b'.repeat(50)}needle`;
    expect(searchSnippet('response', text, 'needle', 10)).toEqual({
      field: 'response', before: `…${'a'.repeat(10)}`, match: 'NEEDLE', after: `${'b'.repeat(10)}…`,
    });
  });

  it('shows the start of the text when the needle is not found as typed', () => {
    expect(searchSnippet('query', 'short', 'zzz')).toEqual({ field: 'query', before: '', match: '', after: 'short' });
  });
});
