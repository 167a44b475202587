import { describe, expect, it } from 'vitest';
import { sliceSettings } from '../../../model/compare/slice';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../../model/metrics/settings';
import { compareResultIn } from '../../compare-report';
import { QueryCoordinator } from '../../coordinator/query-coordinator';
import { ensureDerivedTables } from '../../metrics-report';
import { withRetrievalFacts } from '../../retrieval-facts-table';
import { at, makeRelevance, makeRetrieval } from '../metrics/fixtures';
import { loadedTestEngine } from '../metrics/loaded-test-engine';
import { QUERY_RETRIEVAL_ROW, queryRetrievalsQuery } from './query-retrievals';
import { DEFAULT_PAIR_ROW, defaultPairQuery, SLICE_OPTION_ROW, sliceOptionsQuery } from './slice-options';
import { run } from '../core/run';

const QUOTED = 'red "poster", it\'s A4';

/**
 * Retrievers hybrid (first seen), dense and bm25. Judged query texts: dense {q1, q2, QUOTED},
 * hybrid {q1, q2}, bm25 {QUOTED}; hybrid's QUOTED retrieval is unjudged. So dense–hybrid share 2
 * judged texts, dense–bm25 1, bm25–hybrid 0.
 */
const engine = loadedTestEngine([
  makeRetrieval('h1', { ts: at(0), query: 'q1', retriever: 'hybrid', run_id: 'r2', returned_asset_ids: ['x2', 'x1'], surface: 'web' }),
  makeRetrieval('d1', { ts: at(5), query: 'q1', retriever: 'dense', run_id: 'r1', returned_asset_ids: ['x1', 'x2'], surface: 'web' }),
  makeRetrieval('d2', { ts: at(6), query: 'q2', retriever: 'dense', run_id: 'r1', returned_asset_ids: ['x3'] }),
  makeRetrieval('h2', { ts: at(7), query: 'q2', retriever: 'hybrid', run_id: 'r2', returned_asset_ids: ['x3'] }),
  makeRetrieval('d3', { ts: at(8), query: QUOTED, retriever: 'dense', run_id: 'r1', returned_asset_ids: ['x4'] }),
  makeRetrieval('h3', { ts: at(9), query: QUOTED, retriever: 'hybrid', run_id: 'r2', returned_asset_ids: ['x4'] }),
  makeRetrieval('b1', { ts: at(10), query: QUOTED, retriever: 'bm25', run_id: 'r2', returned_asset_ids: [] }),
  makeRetrieval('d4', { ts: at(11), query: 'q1', retriever: 'dense', run_id: 'r1', returned_asset_ids: ['x2'] }),
  makeRelevance('h1', 'x1', 1), makeRelevance('d1', 'x1', 1), makeRelevance('d4', 'x1', 1),
  makeRelevance('d2', 'x3', 2), makeRelevance('h2', 'x3', 2), makeRelevance('d3', 'x4', 1), makeRelevance('b1', 'x4', 1),
]);

const settings = (changes: Partial<MetricSettings> = {}): MetricSettings => ({ ...DEFAULT_METRIC_SETTINGS, k: 2, ...changes });
const retrievalsOf = async (query: string, changes: Partial<MetricSettings>) => {
  return run(engine, queryRetrievalsQuery(settings(changes), query), QUERY_RETRIEVAL_ROW);
};

describe('the retrievals of one query text in a slice', () => {
  it('lists only that exact text in the slice, in time order, with the Tier 1 scores at K', async () => {
    const dense = await retrievalsOf('q1', { retrievers: ['dense'] });
    // d1: x1 (relevant) at rank 1 → P@1 1, P@2 1/2, recall 1, nDCG 1, RR 1.
    // d4: x1 not returned → every score 0.
    expect(dense.map((row) => [row.retrieval_id, row.retriever, row.run_id, row.p_at_1, row.p_at_k, row.recall_at_k, row.ndcg_at_k, row.rr])).toEqual([
      ['d1', 'dense', 'r1', 1, 0.5, 1, 1, 1],
      ['d4', 'dense', 'r1', 0, 0, 0, 0, 0],
    ]);
    expect(dense.map((row) => [Number(row.ts), row.session_id, row.surface])).toEqual([[at(5), 's1', 'web'], [at(11), 's1', null]]);
  });

  it('scores the other slice by the same rules: x1 at rank 2 → P@1 0, RR 1/2, nDCG 1/log2(3)', async () => {
    const [hybrid] = await retrievalsOf('q1', { retrievers: ['hybrid'] });
    expect(hybrid).toMatchObject({ retrieval_id: 'h1', p_at_1: 0, p_at_k: 0.5, recall_at_k: 1, rr: 0.5 });
    expect(hybrid.ndcg_at_k).toBeCloseTo(1 / Math.log2(3), 10);
  });

  it('lists unjudged retrievals with no scores, and binds a text with quotes', async () => {
    const rows = await retrievalsOf(QUOTED, { runIds: ['r2'] });
    expect(rows.map((row) => [row.retrieval_id, row.judged, row.is_empty, row.p_at_1])).toEqual([['h3', false, false, null], ['b1', true, true, 0]]);
  });

  it('finds nothing for a text no retrieval of the slice has', async () => {
    expect(await retrievalsOf('q2', { retrievers: ['bm25'] })).toEqual([]);
    expect(await retrievalsOf('q', {})).toEqual([]);
  });
});

describe('the drill-down beside the comparison', () => {
  it('reads the facts table the comparison built for the slice: no new table, the same rows as computed inline', async () => {
    const coordinator = new QueryCoordinator(engine, { prepareVersion: ensureDerivedTables });
    const tempTables = async () => (await run(engine, 'SELECT table_name AS name FROM duckdb_tables() WHERE temporary ORDER BY 1', { name: 'string' })).map((row) => row.name);
    const base = settings();
    const a = { retriever: ['dense'] };
    const b = { retriever: ['hybrid'] };
    await coordinator.read((job) => compareResultIn(job, base, a, b), { prepared: true });
    const built = await tempTables();
    const sliceA = sliceSettings(base, a);
    if (!sliceA.ok) throw new Error('slice A is valid');
    const rows = await coordinator.read(async (job) =>
      run(await withRetrievalFacts(job, sliceA.settings), queryRetrievalsQuery(sliceA.settings, 'q1', 'materialized'), QUERY_RETRIEVAL_ROW), { prepared: true });
    expect(await tempTables()).toEqual(built);
    expect(rows.map((row) => row.retrieval_id)).toEqual(['d1', 'd4']);
    expect(rows).toEqual(await retrievalsOf('q1', { retrievers: ['dense'] }));
    await coordinator.close();
  });
});

describe('the slice options and the default pair', () => {
  it('lists every value of each filter with its retrievals', async () => {
    const rows = await run(engine, sliceOptionsQuery(), SLICE_OPTION_ROW);
    const of = (key: string) => rows.filter((row) => row.key === key).map((row) => [row.value, row.retrievals]);
    expect(of('retriever')).toEqual([['bm25', 1], ['dense', 4], ['hybrid', 3]]);
    expect(of('run_id')).toEqual([['r1', 4], ['r2', 4]]);
    expect(of('surface')).toEqual([['web', 2]]);
  });

  it('picks the two retrievers sharing the most judged query texts, the one seen first as A', async () => {
    expect(await run(engine, defaultPairQuery('retriever'), DEFAULT_PAIR_ROW)).toEqual([{ a: 'hybrid', b: 'dense', shared: 2, queries: 3 }]);
  });

  it('picks two runs the same way', async () => {
    // run r1 = dense, r2 = hybrid + bm25: they share q1, q2 and QUOTED (bm25's is judged)
    expect(await run(engine, defaultPairQuery('run_id'), DEFAULT_PAIR_ROW)).toEqual([{ a: 'r2', b: 'r1', shared: 3, queries: 3 }]);
  });
});
