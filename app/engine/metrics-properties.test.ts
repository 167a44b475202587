import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS } from '../model/metrics/settings';
import type { Engine } from './engine';
import { computeMetricsReport } from './metrics-report';
import { at, createTestEngine, loadEvents, type TestEvent } from './sql/metrics/fixtures';

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
}, 60_000);
afterAll(() => engine.close());

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const SESSIONS = ['s1', 's2', 's3'];
const ASSETS = ['a1', 'a2', 'a3', 'a4'];
const RETRIEVALS = ['r1', 'r2', 'r3', 'r4', 'r5'];
const TURNS = ['t1', 't2', 't3'];
const when = fc.integer({ min: 0, max: 20 * 24 * 60 }).map(at);
const common = { ts: when, session_id: pick(SESSIONS), surface: pick(['chat', 'editor']), turn_id: pick(TURNS) };
const score = fc.double({ min: 0, max: 1, noNaN: true });

/** Events of every kind the report counts, referring to one another through small id pools. */
const otherEvent: fc.Arbitrary<TestEvent> = fc.oneof(
  fc.record({ type: fc.constant('prompt'), ...common, category: pick(['billing', 'shipping']), rewrite_of: fc.option(pick(TURNS), { nil: undefined }) }),
  fc.record({ type: fc.constant('route'), ...common, route: pick(['retrieval', 'generation', 'tool']) }),
  fc.record({
    type: fc.constant('action'), ...common, actor: pick(['user', 'agent']), action: pick(['select', 'place', 'use', 'export', 'edit', 'complain', 'reject']),
    consumed_asset_id: pick(ASSETS), source_retrieval_id: fc.option(pick(RETRIEVALS), { nil: undefined }),
  }),
  fc.record({ type: fc.constant('gate'), ...common, decision: pick(['answer', 'clarify', 'handoff']), dense_score: score, top_gap: score, category: pick(['billing', 'shipping']) }),
  fc.record({ type: fc.constant('feedback'), ...common, rating: pick(['up', 'down']) }),
  fc.record({ type: fc.constant('response'), ...common, event_id: pick(['resp1', 'resp2']), cited_asset_ids: fc.array(pick(ASSETS), { maxLength: 2 }) }),
  fc.record({ type: fc.constant('label'), kind: fc.constant('relevance'), retrieval_id: pick(RETRIEVALS), asset_id: pick(ASSETS), grade: fc.integer({ min: 0, max: 3 }), annotator: pick(['ann', 'bob']) }),
  fc.record({ type: fc.constant('label'), kind: fc.constant('intent'), turn_id: pick(TURNS), retrieval_intent: fc.boolean(), intents: fc.array(pick(['find', 'make']), { minLength: 1, maxLength: 2 }) }),
  fc.record({ type: fc.constant('label'), kind: fc.constant('answer_review'), target_event_id: pick(['resp1', 'resp2']), verdict: pick(['correct', 'wrong', 'partial', 'unsupported']), annotator: pick(['ann', 'bob']) }),
  fc.record({ type: fc.constant('eval_case'), query: pick(['q1', 'q2']), gold_asset_ids: fc.array(pick(ASSETS), { maxLength: 2 }), should_answer: fc.boolean() }),
);

/** Each retrieval id at most once (a repeat would be rejected), with scores parallel to its results. */
const retrievals = fc.subarray(RETRIEVALS).chain((ids) =>
  fc.tuple(...ids.map((retrieval_id) =>
    fc.tuple(fc.record({ ...common, role: fc.option(pick(['find', 'browse', 'operate', 'reference']), { nil: undefined }) }), fc.subarray(ASSETS), fc.array(score, { minLength: 4, maxLength: 4 }))
      .map(([fields, returned, scores]): TestEvent => ({ type: 'retrieval', retrieval_id, ...fields, returned_asset_ids: returned, scores: scores.slice(0, returned.length) })),
  )),
);

const dataset = fc.tuple(retrievals, fc.array(otherEvent, { maxLength: 30 })).map(([r, others]) => [...r, ...others]);

const RATE = /(^|_)(rate|share)$|^(p_at_1|p_at_k|recall_at_k|ndcg_at_k|mrr|gpr|acr|orf|uor)$/;

function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[path, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
}

describe('the metrics report of random valid datasets (fast-check)', () => {
  it('holds no NaN or Infinity, and every rate lies in [0, 1]', async () => {
    let ratesChecked = 0;
    await fc.assert(
      fc.asyncProperty(dataset, async (events) => {
        await loadEvents(engine, events);
        const report = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
        for (const [path, value] of leaves(report)) {
          if (typeof value !== 'number') continue;
          expect(Number.isFinite(value), `${path} = ${value}`).toBe(true);
          if (!RATE.test(path.split('.').at(-1)!)) continue;
          expect(value >= 0 && value <= 1, `${path} = ${value}`).toBe(true);
          ratesChecked++;
        }
      }),
      { numRuns: 5 },
    );
    // the datasets are rich enough to give rates (not only nulls)
    expect(ratesChecked).toBeGreaterThan(20);
  }, 120_000);
});
