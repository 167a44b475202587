import { describe, expect, it } from 'vitest';
import { at, type TestEvent } from '../metrics/fixtures';
import { loadedTestEngine } from '../metrics/loaded-test-engine';
import { loadReviewItems } from './review-items';

const response = (id: string, fields: TestEvent): TestEvent =>
  ({ type: 'response', event_id: id, ts: at(2), session_id: `s-${id}`, turn_id: `t-${id}`, text: 'Clara Hartwell', ...fields });

/**
 * The gold answer beside a reviewed answer (issue 24, point 14). q1 is defined twice without a
 * run (the later definition wins: "Clara Hartwell") and once for run r2 ("C. Hartwell"), which an
 * answer of run r2 takes; q2 has no gold answer; resp-plain names no question.
 */
const DATASET: TestEvent[] = [
  { type: 'question', question_id: 'q1', text: 'Who was the spouse?', gold_answer: 'Someone else' },
  { type: 'question', question_id: 'q1', text: 'Who was the spouse of the publisher?', gold_answer: 'Clara Hartwell' },
  { type: 'question', question_id: 'q1', run_id: 'r2', text: 'Who was the spouse (r2)?', gold_answer: 'C. Hartwell' },
  { type: 'question', question_id: 'q2', text: 'Which town?' },
  response('resp-q1', { question_id: 'q1' }),
  response('resp-q1-r2', { question_id: 'q1', run_id: 'r2' }),
  response('resp-q1-r9', { question_id: 'q1', run_id: 'r9' }),
  response('resp-q2', { question_id: 'q2' }),
  response('resp-q3', { question_id: 'q3' }),
  response('resp-plain', {}),
];

const engine = loadedTestEngine(DATASET);

describe('loadReviewItems: the gold answer of a multi-hop answer', () => {
  it('takes the question\'s definition for the answer\'s run, else without a run (latest), and none where none exists', async () => {
    const ids = ['resp-q1', 'resp-q1-r2', 'resp-q1-r9', 'resp-q2', 'resp-q3', 'resp-plain'];
    const { items } = await loadReviewItems(engine, ids);
    const gold = Object.fromEntries(items.map((item) => [item.response.event_id, [item.response.question_id, item.response.question_text, item.response.gold_answer]]));
    expect(gold).toEqual({
      'resp-q1': ['q1', 'Who was the spouse of the publisher?', 'Clara Hartwell'],
      'resp-q1-r2': ['q1', 'Who was the spouse (r2)?', 'C. Hartwell'],
      'resp-q1-r9': ['q1', 'Who was the spouse of the publisher?', 'Clara Hartwell'],
      'resp-q2': ['q2', 'Which town?', null],
      'resp-q3': ['q3', null, null],
      'resp-plain': [null, null, null],
    });
  });
});
