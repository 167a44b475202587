import { describe, expect, it } from 'vitest';
import { FILTER_CHOICE_ROW, FILTER_CHOICES_SQL } from './filter-choices';
import { loadedTestEngine } from './loaded-test-engine';
import { makeFeedback, makePrompt, makeRetrieval } from './fixtures';
import { run } from '../core/run';

const engine = loadedTestEngine([
  makeRetrieval('r1', { retriever: 'hybrid', run_id: 'new' }),
  makeRetrieval('r2', { retriever: 'dense' }),
  makeRetrieval('r3', { retriever: 'dense' }),
  makeRetrieval('r4'),
  makePrompt('t1', { category: 'returns', run_id: 'base' }),
  makePrompt('t2'),
  { type: 'gate', ts: 0, session_id: 's1', decision: 'answer', category: 'billing' },
  makeFeedback('up', { run_id: 'feedback-only' }),
]);

describe('the choices of the retriever, run and category filters', () => {
  it('are the distinct values in the data, sorted, none empty', async () => {
    const rows = await run(engine, FILTER_CHOICES_SQL, FILTER_CHOICE_ROW);
    expect(rows.map((row) => `${row.filter}=${row.value}`)).toEqual([
      'category=billing', 'category=returns',
      'retriever=dense', 'retriever=hybrid',
      'run_id=base', 'run_id=feedback-only', 'run_id=new',
    ]);
  });
});
