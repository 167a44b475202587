import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS } from '../../../model/metrics/settings';
import type { Engine } from '../../engine';
import { computeMetricsReport } from '../../metrics-report';
import { at, createTestEngine, loadEvents, makeAction, makeFeedback, makeRelevance, makeRetrieval, type TestEvent } from './fixtures';
import { MATRIX_CELL_ROW, matrixCellRetrievalsQuery } from './retrieval-details';
import { run } from '../core/run';

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadEvents(engine, DATASET);
});
afterAll(() => engine.close());

const retrieval = (n: number, returned: string[], fields: TestEvent = {}) =>
  makeRetrieval(`m${n}`, { returned_asset_ids: returned, request_id: `q${n}`, session_id: `s${n}`, ts: at(n), ...fields });

/** One judged retrieval per cell (threshold 0.5), and one unjudged. */
const DATASET: TestEvent[] = [
  // healthy: P@1 = 1, nDCG = 1, no ORF
  retrieval(1, ['x1']), makeRelevance('m1', 'x1', 3),
  // look downstream: good, but the user complained
  retrieval(2, ['x2']), makeRelevance('m2', 'x2', 2),
  makeAction('user', 'complain', { consumed_asset_id: 'x2', source_retrieval_id: 'm2', session_id: 's2', ts: at(2.5) }),
  // visible failure: P@1 = 0 and a down feedback
  retrieval(3, ['y3', 'x3']), makeRelevance('m3', 'x3', 1), makeFeedback('down', { retrieval_id: 'm3', session_id: 's3' }),
  // masked, consumed by the user (select of the bad result)
  retrieval(4, ['y4', 'x4']), makeRelevance('m4', 'x4', 1),
  makeAction('user', 'select', { consumed_asset_id: 'y4', source_retrieval_id: 'm4', session_id: 's4', ts: at(4.5) }),
  // masked, consumed by the agent in the same request
  retrieval(5, ['y5', 'x5']), makeRelevance('m5', 'x5', 2),
  makeAction('agent', 'use', { consumed_asset_id: 'y5', source_retrieval_id: 'm5', request_id: 'q5', session_id: 's5', ts: at(5.5) }),
  // masked, silent: empty result, nothing happened
  retrieval(6, []), makeRelevance('m6', 'z6', 2),
  // unjudged: in no cell
  retrieval(7, ['w7']),
];

describe('the Tier 1 × Tier 2 matrix', () => {
  it('puts each judged retrieval in one cell; the cells sum to the judged count', async () => {
    const report = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
    expect(report.matrix).toEqual({ healthy: 1, downstream: 1, visible_failure: 1, masked: 3, masked_consumed: 2, masked_silent: 1 });
    const { healthy, downstream, visible_failure, masked } = report.matrix;
    expect(healthy + downstream + visible_failure + masked).toBe(report.tier1.judged);
  });

  it('flags every masked retrieval failure with its kind', async () => {
    const { flags } = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
    expect(flags).toEqual([
      { kind: 'masked_retrieval_failure', session_id: 's4', retrieval_id: 'm4', detail: 'consumed' },
      { kind: 'masked_retrieval_failure', session_id: 's5', retrieval_id: 'm5', detail: 'consumed' },
      { kind: 'masked_retrieval_failure', session_id: 's6', retrieval_id: 'm6', detail: 'silent' },
    ]);
  });

  it('a used set without select turns the user-consumed failure silent', async () => {
    const { matrix } = await computeMetricsReport(engine, { ...DEFAULT_METRIC_SETTINGS, usedActions: ['export'] });
    expect(matrix).toMatchObject({ masked: 3, masked_consumed: 1, masked_silent: 2 });
  });

  it.each<[Parameters<typeof matrixCellRetrievalsQuery>[1], unknown[]]>([
    ['masked', [['m4', 'none', 0], ['m5', 'none', 0], ['m6', 'none', 0]]],
    ['visible_failure', [['m3', 'down_feedback', 0]]],
    ['downstream', [['m2', 'complaint', 1]]],
  ])('drills down into %s', async (cell, expected) => {
    const rows = await run(engine, matrixCellRetrievalsQuery(DEFAULT_METRIC_SETTINGS, cell), MATRIX_CELL_ROW);
    expect(rows.map((row) => [row.retrieval_id, row.orf_signals, row.p_at_1])).toEqual(expected);
    expect(rows[0]).toMatchObject({ query: `query of ${rows[0].retrieval_id}`, role: 'unknown', session_id: `s${rows[0].retrieval_id.slice(1)}`, retriever: null });
    expect(Object.keys(rows[0])).toEqual(['retrieval_id', 'query', 'retriever', 'role', 'p_at_1', 'ndcg_at_k', 'orf_signals', 'session_id', 'ts']);
  });
});
