import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../core/run';
import { sql } from '../core/sql-query';
import type { Engine } from '../../engine';
import { at, createTestEngine, loadEvents, makeRetrieval, type TestEvent } from '../metrics/fixtures';
import { evalCaseRetrievalsSql } from './eval-case-retrievals';

const evalCase = (query: string): TestEvent => ({ type: 'eval_case', query, category: 'c', should_answer: true });

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadEvents(engine, [
    evalCase('once'), makeRetrieval('r-once', { query: 'once' }),
    evalCase('later wins'), makeRetrieval('r-later', { query: 'later wins', ts: at(5) }), makeRetrieval('r-earlier', { query: 'later wins', ts: at(1) }),
    evalCase('same time'), makeRetrieval('r-first', { query: 'same time' }), makeRetrieval('r-second', { query: 'same time' }),
    evalCase('never run'), makeRetrieval('r-other', { query: 'Never run' }),
  ]);
});
afterAll(() => engine.close());

describe('an eval case and its eval retrieval', () => {
  it('is the latest retrieval with exactly its query, by ts, then file order; an unmatched case has none', async () => {
    const rows = await run(engine, sql`SELECT retrieval_id FROM (${evalCaseRetrievalsSql()}) ORDER BY case_seq`, { retrieval_id: 'string' });
    expect(rows.map((row) => row.retrieval_id)).toEqual(['r-once', 'r-later', 'r-second']);
  });
});
