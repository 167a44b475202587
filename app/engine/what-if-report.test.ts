import { describe, expect, it } from 'vitest';
import type { Engine } from './engine';
import { run } from './sql/core/run';
import { DEFAULT_METRIC_SETTINGS } from '../model/metrics/settings';
import { sweepPoints } from '../model/what-if/pipeline';
import { makeRelevance, makeRetrieval, type TestEvent } from './sql/metrics/fixtures';
import { loadedTestEngine } from './sql/metrics/loaded-test-engine';
import { computeWhatIf, computeWhatIfSweep } from './what-if-report';

/**
 * Eight retrievals of two stages whose fusions move the relevant asset `g` with k and w: bm25 puts g
 * at rank i + 1 among fillers, vector at rank 1 for even i, nowhere for odd i (scores descending).
 */
const DATASET: TestEvent[] = Array.from({ length: 8 }, (_, i) => {
  const bm25 = Array.from({ length: 5 }, (_, r) => (r === i % 5 ? 'g' : `b${r}-${i}`));
  const vector = i % 2 === 0 ? ['g', `v1-${i}`, `v2-${i}`] : [`v1-${i}`, `v2-${i}`, `v3-${i}`];
  return [
    makeRetrieval(`r${i}`, {
      returned_asset_ids: [...bm25].reverse(),
      stages: [
        { name: 'bm25', kind: 'retriever', asset_ids: bm25, scores: bm25.map((_, r) => 10 - r) },
        { name: 'vector', kind: 'retriever', asset_ids: vector, scores: [0.9, 0.5, 0.2] },
      ],
    }),
    makeRelevance(`r${i}`, 'g', 1),
  ];
}).flat();

const engine = loadedTestEngine(DATASET);

describe('a sweep', () => {
  it.each([['rrf', 1, 61, 4], ['weighted', 0, 1, 3]] as const)('of %s: each point is exactly the what-if of its pipeline run alone', async (kind, from, to, count) => {
    const points = sweepPoints({ kind, from, to, count });
    const swept = await computeWhatIfSweep(engine, DEFAULT_METRIC_SETTINGS, points);
    expect(swept.map((point) => point.value)).toEqual(points.map((point) => point.value));
    for (const [i, point] of points.entries()) {
      const alone = await computeWhatIf(engine, DEFAULT_METRIC_SETTINGS, point.pipeline);
      expect(swept[i].result.report).toEqual(alone.report);
    }
    expect(swept[0].result.report.retrievals).toBe(8);
  });
});

/** The engine, counting the statements that rank a pipeline's lists into their table. */
function countingListTables(of: Engine): { engine: Engine; made: () => number } {
  let made = 0;
  const engine: Engine = {
    query: (text, params) => {
      if (/CREATE OR REPLACE TEMP TABLE "what_if_lists_/.test(text)) made++;
      return of.query(text, params);
    },
    exec: (text, signal) => of.exec(text, signal),
    insertArrowIPC: (table, ipc) => of.insertArrowIPC(table, ipc),
    close: () => of.close(),
  };
  return { engine, made: () => made };
}

describe("a pipeline's lists", () => {
  it('are ranked once and kept for the next what-if of that pipeline; another pipeline takes their place', async () => {
    const counted = countingListTables(engine);
    const rrf = await computeWhatIf(counted.engine, DEFAULT_METRIC_SETTINGS, { kind: 'rrf', k: 60 });
    const made = counted.made();
    expect(made).toBe(1);
    expect((await computeWhatIf(counted.engine, DEFAULT_METRIC_SETTINGS, { kind: 'rrf', k: 60 })).report).toEqual(rrf.report);
    expect(counted.made()).toBe(made);
    const weighted = await computeWhatIf(counted.engine, DEFAULT_METRIC_SETTINGS, { kind: 'weighted', w: 0.5 });
    expect(counted.made()).toBe(made + 1);
    expect((await computeWhatIf(counted.engine, DEFAULT_METRIC_SETTINGS, { kind: 'rrf', k: 60 })).report).toEqual(rrf.report);
    expect(counted.made()).toBe(made + 2);
    expect(weighted.report.pipeline).toBe('weighted:0.5');
    const tables = await run(engine, "SELECT table_name AS name FROM duckdb_tables() WHERE starts_with(table_name, 'what_if_lists_')", { name: 'string' });
    expect(tables).toHaveLength(1);
  });
});

