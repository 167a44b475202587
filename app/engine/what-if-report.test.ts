import { describe, expect, it } from 'vitest';
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
