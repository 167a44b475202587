import { describe, expect, it } from 'vitest';
import { computeDriftReport } from '../../drift-report';
import { driftQuestionRuns } from '../../explain-report';
import { DEFAULT_METRIC_SETTINGS } from '../../../model/metrics/settings';
import { at, makeFeedback, makeRelevance, makeRetrieval, type TestEvent } from '../metrics/fixtures';
import { loadedTestEngine } from '../metrics/loaded-test-engine';
import { sliceAttributesQuery } from './slice-attributes';

const ELEVEN_WORDS = 'one two three four five six seven eight nine ten eleven';

/** Four retrievals whose attributes were worked out by hand (docs/metrics.md, "Where a signal concentrates"). */
const EVENTS: TestEvent[] = [
  makeRetrieval('a', { query: 'one', returned_asset_ids: [], ts: Date.UTC(2026, 0, 1, 12), request_id: 'qa', session_id: 'sa', role: 'find', retriever: 'bm25' }),
  makeRetrieval('b', { query: ' two  words\tthree ', returned_asset_ids: ['x', 'y', 'x', 'z', 'w'], rewrite_of: 'a', request_id: 'qb', session_id: 'sb', surface: 'web', run_id: 'v2' }),
  makeRetrieval('c', { query: ELEVEN_WORDS, returned_asset_ids: Array.from({ length: 10 }, () => 'x'), question_id: 'q1', run_id: 'v2', request_id: 'qc', session_id: 'sc' }),
  makeRetrieval('d', { query: '   ', returned_asset_ids: ['x'], question_id: 'q2', subquestion_id: 'q2-1', request_id: 'qd', session_id: 'sd', ts: at(5) }),
  // q1's retrieval names no sub-question while q1 has one (orphan_query); q2's are in its active sub-question
  { type: 'subquestion', ts: at(-2), session_id: 'sc', question_id: 'q1', subquestion_id: 'q1-1', status: 'active', run_id: 'v2' },
  { type: 'subquestion', ts: at(-2), session_id: 'sd', question_id: 'q2', subquestion_id: 'q2-1', status: 'active' },
  makeRetrieval('d2', { query: 'two words', returned_asset_ids: ['x'], question_id: 'q2', subquestion_id: 'q2-1', request_id: 'qd2', session_id: 'sd', ts: at(6) }),
  // down: b by name, d through the response of its request
  makeFeedback('down', { retrieval_id: 'b', session_id: 'sb' }),
  { type: 'response', ts: at(7), session_id: 'sd', request_id: 'qd', event_id: 'resp-d', text: 'answer' },
  makeFeedback('down', { target_event_id: 'resp-d', session_id: 'sd', ts: at(8) }),
  makeRelevance('a', 'x', 1),
];

const engine = loadedTestEngine(EVENTS);

describe('the attributes of a retrieval for "why here?"', () => {
  it('buckets words and results, tells rewrites, drift and the down signal, and names a missing value (none)', async () => {
    const flags = (await computeDriftReport(engine)).flags;
    expect(flags.map((flag) => [flag.kind, flag.question_id])).toContainEqual(['orphan_query', 'q1']);
    const query = sliceAttributesQuery(DEFAULT_METRIC_SETTINGS, { signal: 'down', driftQuestionRuns: driftQuestionRuns(flags) });
    const rows = await engine.query(`SELECT * EXCLUDE (seq, ts, session_id, query) FROM (${query.sql}) ORDER BY retrieval_id`, query.params);
    const common = { category: '(none)', surface: '(none)', run_id: '(none)', retriever: '(none)', role: 'unknown', week: '2026-W40', rewrite: 'no', drift: 'no', hit: false };
    expect(rows).toEqual([
      { ...common, retrieval_id: 'a', role: 'find', retriever: 'bm25', week: '2026-W01', query_words: '1–2', results: '0' },
      { ...common, retrieval_id: 'b', surface: 'web', run_id: 'v2', rewrite: 'yes', query_words: '3–5', results: '5–9', hit: true },
      { ...common, retrieval_id: 'c', run_id: 'v2', query_words: '11+', results: '10+', drift: 'yes' },
      { ...common, retrieval_id: 'd', query_words: '(none)', results: '1–4', hit: true },
      { ...common, retrieval_id: 'd2', query_words: '1–2', results: '1–4' },
    ]);
  });
});
