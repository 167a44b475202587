import { afterEach, describe, expect, it } from 'vitest';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { sampleLogPath } from '../ingest/sample-logs-path';
import { textInputFile } from '../ingest/text-input';
import { labelEventsJsonl } from '../model/annotation/label-events';
import { GIVEN_LABEL_VERSION, type GivenLabel, type LabelInput } from '../schema/given-label';
import type { Engine } from './engine';
import { finalizeLoad } from './dataset';
import { syncGivenLabels } from './given-labels';
import { DATASET_COUNTS_ROW, DATASET_SUMMARY_SQL } from './sql/dataset-summary';
import { datasetIdOf } from '../ingest/file-fingerprint';
import { computeMetricsReport, ensureDerivedTables } from './metrics-report';
import { exportedLabelRows } from './sql/annotation/export-labels';
import { createTestEngine } from './sql/metrics/fixtures';
import { run } from './sql/core/run';

const LOGS = ['customer-service.jsonl', 'creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz'].map(sampleLogPath);

const engines: Engine[] = [];
afterEach(async () => { await Promise.all(engines.splice(0).map((engine) => engine.close())); });

async function samples(): Promise<Engine> {
  const engine = await createTestEngine();
  engines.push(engine);
  await loadFiles(engine, LOGS.map(nodeInputFile), new LoadState());
  return engine;
}

const rounded = (report: unknown) =>
  JSON.parse(JSON.stringify(report, (_, value: unknown) => (typeof value === 'number' ? Number(value.toPrecision(12)) : value))) as unknown;

let ts = Date.UTC(2026, 10, 30, 9);
const given = (input: LabelInput, annotator = 'tester'): GivenLabel =>
  ({ ...input, version: GIVEN_LABEL_VERSION, annotator, ts: ts++, event_id: `label-${annotator}-${ts}` }) as GivenLabel;

async function firstRetrievals(engine: Engine, n: number) {
  await ensureDerivedTables(engine);
  return run(engine, `SELECT retrieval_id, returned_asset_ids[1] AS asset_id, turn_id FROM retrievals
     WHERE len(returned_asset_ids) > 0 AND turn_id IS NOT NULL AND retrieval_id NOT IN (SELECT retrieval_id FROM resolved_relevance)
     ORDER BY seq LIMIT ${n}`, { retrieval_id: 'string', asset_id: 'string', turn_id: 'string' });
}

describe('labels given in the browser', () => {
  it('judge retrievals as a loaded label would, and an exported file loaded after the logs gives the same report', async () => {
    const engine = await samples();
    await ensureDerivedTables(engine);
    const before = await computeMetricsReport(engine);
    const targets = await firstRetrievals(engine, 3);
    const labels = [
      ...targets.map((t, i) => given({ kind: 'relevance', retrieval_id: t.retrieval_id, asset_id: t.asset_id, grade: i === 0 ? 0 : 3 })),
      given({ kind: 'role', retrieval_id: targets[0].retrieval_id, role: 'reference' }),
      given({ kind: 'intent', turn_id: targets[1].turn_id, retrieval_intent: true, intents: ['find', 'compare'] }),
    ];
    expect(await syncGivenLabels(engine, labels)).toMatchObject({ inserted: 5, removed: 0 });
    const after = await computeMetricsReport(engine);
    // Three retrievals no label judged before are judged now.
    expect(after.tier1.judged).toBe(before.tier1.judged + 3);
    expect(after.events).toBe(before.events + 5);

    const jsonl = labelEventsJsonl(await exportedLabelRows(engine, { givenHere: true }));
    expect(jsonl.trim().split('\n')).toHaveLength(5);
    const reloaded = await samples();
    await loadFiles(reloaded, [textInputFile('labels.jsonl', jsonl, 1 << 16)], new LoadState());
    // Sums taken in another order (an incremental update against a fresh build) may differ in the last bit.
    expect(rounded(await computeMetricsReport(reloaded))).toEqual(rounded(after));
  });

  it('are taken back when the journal no longer holds them, and wait while no file is loaded', async () => {
    const engine = await samples();
    const [target] = await firstRetrievals(engine, 1);
    const label = given({ kind: 'relevance', retrieval_id: target.retrieval_id, asset_id: target.asset_id, grade: 2 });
    await syncGivenLabels(engine, [label]);
    await syncGivenLabels(engine, [label]);
    expect(await engine.query(`SELECT count(*)::INTEGER AS n FROM labels WHERE event_id = '${label.event_id}'`)).toEqual([{ n: 1 }]);
    expect(await syncGivenLabels(engine, [])).toMatchObject({ inserted: 0, removed: 1 });
    await ensureDerivedTables(engine);
    expect(await engine.query(`SELECT count(*)::INTEGER AS n FROM resolved_relevance WHERE retrieval_id = '${target.retrieval_id}'`)).toEqual([{ n: 0 }]);

    const empty = await createTestEngine();
    engines.push(empty);
    await loadFiles(empty, [], new LoadState());
    expect(await syncGivenLabels(empty, [label])).toMatchObject({ inserted: 0 });
  });

  it('apply only to logs that hold their items; the others are left out, counted apart, and never loaded events', async () => {
    const engine = await samples();
    const targets = await firstRetrievals(engine, 2);
    const onSamples = targets.map((t) => given({ kind: 'relevance', retrieval_id: t.retrieval_id, asset_id: t.asset_id, grade: 2 }, 'tester'));
    const otherLog = '{"type":"retrieval","retrieval_id":"other-r1","ts":"2026-01-01T00:00:00Z","session_id":"s1","turn_id":"t1","query":"q","returned_asset_ids":["a1"]}\n'
      + '{"type":"response","event_id":"resp-1","ts":"2026-01-01T00:00:01Z","session_id":"s1","turn_id":"t1","text":"an answer"}\n';
    const onOther = [
      given({ kind: 'role', retrieval_id: 'other-r1', role: 'reference' }, 'reviewer'),
      given({ kind: 'intent', turn_id: 't1', retrieval_intent: true, intents: ['find'] }, 'reviewer'),
      given({ kind: 'answer_review', target_event_id: 'resp-1', verdict: 'correct' }, 'reviewer'),
    ];
    const journal = [...onSamples, ...onOther];
    expect(await syncGivenLabels(engine, journal)).toMatchObject({ inserted: 2, applied: 2, otherLogs: 3 });

    const other = await createTestEngine();
    engines.push(other);
    await loadFiles(other, [textInputFile('other.jsonl', otherLog, 1 << 16)], new LoadState());
    expect(await syncGivenLabels(other, journal)).toMatchObject({ inserted: 3, applied: 3, otherLogs: 2 });
    await finalizeLoad(other);
    const [summary] = await run(other, DATASET_SUMMARY_SQL, DATASET_COUNTS_ROW);
    // The file's two events; the three labels given here are counted apart, and none is a warning.
    expect(summary).toMatchObject({ events: 2, given_here: 3, warnings: 0 });
    expect(await other.query(`SELECT DISTINCT annotator FROM events_label`)).toEqual([{ annotator: 'reviewer' }]);
  });

  it('taken out of a kept dataset where an earlier version applied them to logs without their items', async () => {
    const engine = await createTestEngine();
    engines.push(engine);
    const log = '{"type":"retrieval","retrieval_id":"r1","ts":"2026-01-01T00:00:00Z","session_id":"s1","query":"q","returned_asset_ids":["a1"]}\n';
    await loadFiles(engine, [textInputFile('one.jsonl', log, 1 << 16)], new LoadState());
    const label = given({ kind: 'role', retrieval_id: 'r1', role: 'reference' });
    await syncGivenLabels(engine, [label]);
    // As an earlier version left it: the label applied to logs that do not hold its retrieval.
    await engine.query(`UPDATE events_label SET retrieval_id = 'elsewhere' WHERE file_id = 0`);
    const stale = { ...label, retrieval_id: 'elsewhere' } as GivenLabel;
    expect(await syncGivenLabels(engine, [stale])).toMatchObject({ removed: 1, applied: 0, otherLogs: 1 });
    await finalizeLoad(engine);
    const [summary] = await run(engine, DATASET_SUMMARY_SQL, DATASET_COUNTS_ROW);
    expect(summary).toMatchObject({ events: 1, given_here: 0, warnings: 0 });
  });

  it('name a dataset by its files, in any order', async () => {
    expect(await datasetIdOf(['b', 'a', 'a'])).toBe(await datasetIdOf(['a', 'b']));
    expect(await datasetIdOf(['a'])).not.toBe(await datasetIdOf(['a', 'b']));
    expect(await datasetIdOf(['a'])).toMatch(/^[0-9a-f]{16}$/);
  });
});
