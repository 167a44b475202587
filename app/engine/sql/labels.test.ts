import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './core/run';
import { sql } from './core/sql-query';
import type { Engine } from '../engine';
import { resolvedAnswerReviewsSql } from './annotation/review-report';
import { at, createTestEngine, loadEvents, makeRelevance, makeRetrieval, type TestEvent } from './metrics/fixtures';

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
});
afterAll(() => engine.close());

/** A relevance vote on (r1, a1). */
const vote = (annotator: string, grade: number, fields: TestEvent = {}) => makeRelevance('r1', 'a1', grade, { annotator, ...fields });

async function resolvedGrade(labels: TestEvent[]) {
  await loadEvents(engine, [makeRetrieval('r1'), ...labels]);
  return run(engine, `SELECT grade, resolved_by, labels FROM resolved_relevance WHERE retrieval_id = 'r1' AND asset_id = 'a1'`,
    { grade: 'number', resolved_by: 'string', labels: 'number' });
}

describe('resolved relevance: one label per item', () => {
  it.each<[string, TestEvent[], { grade: number; resolved_by: string }]>([
    ['a single label', [vote('x', 2, { ts: at(1) })], { grade: 2, resolved_by: 'majority' }],
    ['the majority value', [vote('x', 2, { ts: at(1) }), vote('y', 1, { ts: at(2) }), vote('z', 2, { ts: at(3) })], { grade: 2, resolved_by: 'majority' }],
    ['an adjudicated label wins over the majority, even when older', [vote('x', 1, { ts: at(5) }), vote('y', 1, { ts: at(6) }), vote('adj', 3, { ts: at(1), adjudicated: true })], { grade: 3, resolved_by: 'adjudicated' }],
    ['the latest of two adjudicated labels', [vote('adj', 3, { ts: at(2), adjudicated: true }), vote('adj2', 0, { ts: at(1), adjudicated: true })], { grade: 3, resolved_by: 'adjudicated' }],
    ['a tie goes to the latest by ts, not by file order', [vote('x', 2, { ts: at(9) }), vote('y', 1, { ts: at(1) })], { grade: 2, resolved_by: 'majority' }],
    ['a tie goes to the latest (the other way round)', [vote('x', 2, { ts: at(1) }), vote('y', 1, { ts: at(9) })], { grade: 1, resolved_by: 'majority' }],
    ['labels without ts count in file order', [vote('x', 2), vote('y', 1)], { grade: 1, resolved_by: 'majority' }],
    ['a label without ts is older than a timestamped one', [vote('x', 2, { ts: at(1) }), vote('y', 1)], { grade: 2, resolved_by: 'majority' }],
    // x votes 1 twice, y votes 2 once: one vote each, a tie, y's label is the latest.
    ['one vote per annotator: their latest label', [vote('x', 1, { ts: at(1) }), vote('x', 1, { ts: at(2) }), vote('y', 2, { ts: at(3) })], { grade: 2, resolved_by: 'majority' }],
    // x changes 1 → 3: x and y vote 3, z votes 1 (counting x's first label, or both, would give 1).
    ['a re-label by the same annotator counts once, with the later value', [vote('x', 1, { ts: at(1) }), vote('y', 3, { ts: at(2) }), vote('x', 3, { ts: at(3) }), vote('z', 1, { ts: at(4) })], { grade: 3, resolved_by: 'majority' }],
    ['labels without annotator are separate votes', [makeRelevance('r1', 'a1', 1, { annotator: undefined, ts: at(1) }), makeRelevance('r1', 'a1', 1, { annotator: undefined, ts: at(2) }), vote('y', 2, { ts: at(3) })], { grade: 1, resolved_by: 'majority' }],
  ])('%s', async (_, labels, expected) => {
    const [row] = await resolvedGrade(labels);
    expect(row).toEqual({ ...expected, labels: labels.length });
  });

  it('a query label and a retrieval label on the same item are votes on one item', async () => {
    const rows = await resolvedGrade([
      vote('x', 1, { ts: at(1) }),
      { type: 'label', kind: 'relevance', query: 'query of r1', asset_id: 'a1', grade: 3, annotator: 'y', ts: at(2) },
      { type: 'label', kind: 'relevance', query: 'query of r1', asset_id: 'a1', grade: 3, annotator: 'z', ts: at(3) },
    ]);
    expect(rows).toEqual([{ grade: 3, resolved_by: 'majority', labels: 3 }]);
  });
});

describe('resolved role and intent labels', () => {
  it('resolves a role per retrieval and an intent per turn', async () => {
    await loadEvents(engine, [
      makeRetrieval('r1'),
      { type: 'label', kind: 'role', retrieval_id: 'r1', role: 'browse', annotator: 'x', ts: at(1) },
      { type: 'label', kind: 'role', retrieval_id: 'r1', role: 'find', annotator: 'y', ts: at(2) },
      { type: 'label', kind: 'role', retrieval_id: 'r1', role: 'browse', annotator: 'z', ts: at(3) },
      { type: 'label', kind: 'intent', turn_id: 't1', retrieval_intent: true, intents: ['b', 'a'], annotator: 'x', ts: at(1) },
      { type: 'label', kind: 'intent', turn_id: 't1', retrieval_intent: true, intents: ['a', 'b'], annotator: 'y', ts: at(2) },
      { type: 'label', kind: 'intent', turn_id: 't1', retrieval_intent: false, intents: ['a'], annotator: 'z', ts: at(3) },
    ]);
    expect(await engine.query('SELECT retrieval_id, role FROM resolved_roles')).toEqual([{ retrieval_id: 'r1', role: 'browse' }]);
    // intents compare as a set: [b, a] and [a, b] are the same value, 2 votes against 1.
    expect(await engine.query('SELECT turn_id, retrieval_intent, intents FROM resolved_intents')).toEqual([
      { turn_id: 't1', retrieval_intent: true, intents: ['a', 'b'] },
    ]);
  });
});

describe('resolved answer reviews (the one resolution the report and the gate screen read)', () => {
  const review = (annotator: string | undefined, verdict: string, fields: TestEvent = {}): TestEvent => ({ type: 'label', kind: 'answer_review', target_event_id: 'resp1', verdict, annotator, ...fields });

  it.each<[string, TestEvent[], { verdict: string; resolved_by: string }]>([
    ['the majority verdict', [review('x', 'wrong', { ts: at(1) }), review('y', 'correct', { ts: at(2) }), review('z', 'wrong', { ts: at(3) })], { verdict: 'wrong', resolved_by: 'majority' }],
    ['an adjudicated verdict wins', [review('x', 'wrong', { ts: at(2) }), review('y', 'wrong', { ts: at(3) }), review('lead', 'partial', { ts: at(1), adjudicated: true })], { verdict: 'partial', resolved_by: 'adjudicated' }],
    ['a tie goes to the verdict whose latest vote is latest', [review('x', 'wrong', { ts: at(3) }), review('y', 'correct', { ts: at(2) })], { verdict: 'wrong', resolved_by: 'majority' }],
    ['a re-review counts once, with the later verdict', [review('x', 'wrong', { ts: at(1) }), review('x', 'correct', { ts: at(3) }), review('y', 'wrong', { ts: at(2) })], { verdict: 'correct', resolved_by: 'majority' }],
    ['reviews without annotator are separate votes', [review(undefined, 'unsupported'), review(undefined, 'unsupported'), review('x', 'correct', { ts: at(1) })], { verdict: 'unsupported', resolved_by: 'majority' }],
    ['reviews without ts count in file order', [review('y', 'wrong'), review('z', 'partial')], { verdict: 'partial', resolved_by: 'majority' }],
    ['reviews without ts come before timestamped ones', [review('x', 'correct', { ts: at(1) }), review('y', 'wrong'), review('z', 'partial')], { verdict: 'correct', resolved_by: 'majority' }],
  ])('%s', async (_, labels, expected) => {
    await loadEvents(engine, [{ type: 'response', event_id: 'resp1', ts: at(0), session_id: 's1' }, ...labels]);
    expect(await run(engine, sql`SELECT verdict, resolved_by, labels FROM (${resolvedAnswerReviewsSql()})`, { verdict: 'string', resolved_by: 'string', labels: 'number' })).toEqual([{ ...expected, labels: labels.length }]);
  });
});
