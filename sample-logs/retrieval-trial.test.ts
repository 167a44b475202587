import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCompareResult } from '../app/engine/compare-report';
import type { Engine } from '../app/engine/engine';
import { createTestEngine } from '../app/engine/sql/metrics/fixtures';
import { loadFiles } from '../app/ingest/load-files';
import { LoadState } from '../app/ingest/load-state';
import { nodeInputFile } from '../app/ingest/node-files';
import type { SliceFilters } from '../app/model/compare/slice';
import { DEFAULT_METRIC_SETTINGS } from '../app/model/metrics/settings';
import { readJsonLines } from './check/read.mjs';
import { trialFindings } from './check/trial-findings.mjs';

/**
 * The comparison the bundled samples exist to show, through the app's engine: the retriever
 * trial's paired nDCG@10 agrees query by query with check/trial-findings.mjs, a re-implementation
 * that shares no code with the app.
 */
const TRIAL = path.resolve(import.meta.dirname, 'retrieval-trial.jsonl');
const CATALOG = path.resolve(import.meta.dirname, 'asset-catalog.jsonl.gz');
const expected = trialFindings(readJsonLines(TRIAL), ['release-41', 'release-42'], new Set());

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
  await loadFiles(engine, [nodeInputFile(TRIAL), nodeInputFile(CATALOG)], new LoadState());
}, 120_000);
afterAll(() => engine?.close());

const SLICES: [string, SliceFilters, SliceFilters][] = [
  ['by run', { run_id: ['release-41'] }, { run_id: ['release-42'] }],
  ['by retriever', { retriever: ['bm25+dense-rrf'] }, { retriever: ['dense-v4'] }],
];

describe('sample-logs/retrieval-trial.jsonl compared in the app', () => {
  it.each(SLICES)('%s: every query paired, nDCG@10 worse in B query by query as the fixture check computes', async (_, a, b) => {
    const result = await computeCompareResult(engine, DEFAULT_METRIC_SETTINGS, a, b);
    expect(result.report.paired.pairs).toBe(expected.queries);
    expect(result.onlyA + result.onlyB).toBe(0);
    const byQuery = new Map(result.queries.map((q) => [q.query, q.delta.ndcg_at_k]));
    expect([...byQuery.keys()].sort()).toEqual([...expected.deltas.keys()].sort());
    for (const [query, delta] of expected.deltas) expect(byQuery.get(query), query).toBeCloseTo(delta, 9);
    const ndcg = result.report.paired.ndcg_at_k;
    expect(ndcg.mean_delta).toBeCloseTo(expected.meanDelta, 9);
    expect(ndcg.ci_high!).toBeLessThan(0);
    expect(ndcg.p_value!).toBeLessThan(0.05);
  }, 120_000);
});
