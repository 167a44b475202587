import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { clearDataset, initDataset } from './dataset';
import { registryTimeline } from '../model/drift/timeline';
import { computeDriftAnalysis, computeDriftReport } from './drift-report';
import type { Engine } from './engine';
import { createNodeEngine } from './node-engine';
import { sampleLogPath } from '../ingest/sample-logs-path';

const load = async (names: string[]) => {
  await clearDataset(engine);
  await loadFiles(engine, names.map((name) => nodeInputFile(sampleLogPath(name))), new LoadState());
};

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
  await initDataset(engine);
});
afterAll(() => engine.close());

/**
 * The counts sample-logs/gen/multihop-scripts.mjs documents step by step (and
 * sample-logs/check/drift-findings.mjs recomputes): 12 questions × 2 runs; orphans q01/q09/q10
 * baseline (no sub-question), q02 baseline (pending), q05 baseline (resolved); entity drift q01 and
 * q06 baseline, q04 registry; skipped q04/q10 baseline; bare resolutions q03/q09 baseline; silent
 * retirements q05/q08 baseline; never activated q04/q07/q11 baseline sub-question 3; not asked
 * q01 p-002, q04 p-013, q08 p-024 p-025, q11 p-034, q12 p-009 (baseline) and q06 p-019 (registry);
 * unreachable p-031 (q10) and p-037 (q12) in both runs; insufficient q03, q08, q09 baseline.
 */
const SAMPLE_DRIFT = {
  questions: 24, orphan_query: 5, skipped_active: 2, resolved_without_evidence: 2, retired_without_reason: 2, never_activated: 3,
  entity_drift: 3, missing_evidence: 11, not_asked: 7, unreachable: 4, insufficient_evidence: 3,
};

describe('computeDriftReport on sample-logs/multihop-qa.json', () => {
  it('gives exactly the counts the generator documents', async () => {
    await load(['multihop-qa.json']);
    const { drift, flags } = await computeDriftReport(engine);
    expect(drift).toEqual(SAMPLE_DRIFT);
    const where = (kind: string) => flags.filter((f) => f.kind === kind).map((f) => `${f.question_id}/${f.run_id}${f.subquestion_id ? `/${f.subquestion_id}` : ''}`).sort();
    expect(where('orphan_query')).toEqual(['q01/baseline', 'q02/baseline/sq-q02-b2', 'q05/baseline/sq-q05-b1', 'q09/baseline', 'q10/baseline']);
    expect(where('entity_drift')).toEqual(['q01/baseline/sq-q01-b2', 'q04/registry/sq-q04-r3', 'q06/baseline/sq-q06-b2']);
    expect(where('never_activated')).toEqual(['q04/baseline/sq-q04-b3', 'q07/baseline/sq-q07-b3', 'q11/baseline/sq-q11-b3']);
    expect(where('insufficient_evidence')).toEqual(['q03/baseline', 'q08/baseline', 'q09/baseline']);
    expect(flags.filter((f) => f.kind === 'not_asked' && f.run_id === 'registry').map((f) => f.question_id)).toEqual(['q06']);
    expect(flags.find((f) => f.kind === 'not_asked' && f.question_id === 'q01')?.detail).toMatch(/p-002 .*question q01, run registry, session mh-registry-q01/);
    expect(flags.every((f) => f.session_id && f.detail)).toBe(true);
  });

  it('lays out q01: the orphan query on the unassigned lane, the same-millisecond near miss on its sub-question’s lane', async () => {
    const analysis = await computeDriftAnalysis(engine);
    const timelineOf = (run: string) => registryTimeline(analysis.questionRuns.find((r) => r.questionId === 'q01' && r.runId === run)!);
    const baseline = timelineOf('baseline');
    expect(baseline.lanes.map((lane) => [lane.subquestionId, lane.segments.map((s) => s.status), lane.retrievals.length])).toEqual([
      ['sq-q01-b1', ['pending', 'active', 'resolved'], 1],
      ['sq-q01-b2', ['pending', 'active', 'resolved'], 1],
    ]);
    expect(baseline.unassigned.map((r) => r.row.query)).toEqual(['Harbor Ledger history']);
    expect(baseline.answers).toHaveLength(1);
    const registry = timelineOf('registry');
    const nearMiss = registry.lanes[0].retrievals[0].row;
    expect(nearMiss.ts).toBe(registry.lanes[0].segments[1].start); // same millisecond as `active`
    expect(registry.unassigned).toEqual([]);
  });

  it('gives the same counts with every sample file loaded: no other file returns a gold passage', async () => {
    await load(['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz', 'multihop-qa.json', 'customer-service.jsonl', 'retrieval-trial.jsonl']);
    expect((await computeDriftReport(engine)).drift).toEqual(SAMPLE_DRIFT);
  });
});
