import { afterEach, describe, expect, it } from 'vitest';
import { run } from './sql/core/run';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { textInputFile } from '../ingest/text-input';
import { labelEventsJsonl } from '../model/annotation/label-events';
import { GIVEN_LABEL_VERSION, GIVEN_LABELS_FILE_ID, type GivenLabel, type LabelInput } from '../schema/given-label';
import type { Engine } from './engine';
import { finalizeLoad } from './dataset';
import { syncGivenLabels } from './given-labels';
import { computeMetricsReport, ensureDerivedTables } from './metrics-report';
import { exportedLabelRows } from './sql/annotation/export-labels';
import { createTestEngine } from './sql/metrics/fixtures';
import { sampleLogPath } from '../ingest/sample-logs-path';

const LOG = sampleLogPath('creative-assistant.jsonl');
const engines: Engine[] = [];
afterEach(async () => { await Promise.all(engines.splice(0).map((engine) => engine.close())); });

async function loaded(): Promise<Engine> {
  const engine = await createTestEngine();
  engines.push(engine);
  await loadFiles(engine, [nodeInputFile(LOG)], new LoadState());
  await ensureDerivedTables(engine);
  return engine;
}

let ts = Date.UTC(2026, 10, 30, 9);
const given = (input: LabelInput): GivenLabel =>
  ({ ...input, version: GIVEN_LABEL_VERSION, annotator: 'rt', ts: ts++, event_id: `label-rt-${ts}` }) as GivenLabel;

/** What the app does after a load or a label: the journal synced, then the derived tables brought up to date. */
async function sync(engine: Engine, journal: GivenLabel[]) {
  const result = await syncGivenLabels(engine, journal);
  await finalizeLoad(engine);
  await ensureDerivedTables(engine);
  return result;
}

const labelRows = (engine: Engine) =>
  run(engine, `SELECT file_id, event_id FROM events_label WHERE annotator = 'rt' ORDER BY event_id, file_id`, { file_id: 'number', event_id: 'string' });
const duplicateWarnings = async (engine: Engine) =>
  (await run(engine, `SELECT count(*)::INTEGER AS n FROM reference_warnings WHERE reason = 'duplicate_event_id'`, { n: 'number' }))[0].n;

describe('labels given here and their export loaded back into the same dataset', () => {
  it('count once, as the loaded file\'s, in either order, with no duplicate warning and the report of a fresh profile', async () => {
    const engine = await loaded();
    const [first, second] = await run(engine, `SELECT retrieval_id, returned_asset_ids[1] AS asset_id FROM retrievals WHERE len(returned_asset_ids) > 0 ORDER BY seq LIMIT 2`, { retrieval_id: 'string', asset_id: 'string' });
    const exported = [given({ kind: 'relevance', retrieval_id: first.retrieval_id, asset_id: first.asset_id, grade: 2 })];
    await sync(engine, exported);
    const jsonl = labelEventsJsonl(await exportedLabelRows(engine, { givenHere: true }));
    // A second label is given after the export: it is in no file, and stays a label given here.
    const journal = [...exported, given({ kind: 'relevance', retrieval_id: second.retrieval_id, asset_id: second.asset_id, grade: 0 })];
    await sync(engine, journal);

    await loadFiles(engine, [textInputFile('labels-given-here.jsonl', jsonl, 1 << 16)], new LoadState());
    expect(await sync(engine, journal)).toMatchObject({ applied: 1, inLoadedFiles: 1, otherLogs: 0 });
    const fileId = (await labelRows(engine)).find((row) => row.event_id === exported[0].event_id)!.file_id;
    expect(fileId).not.toBe(GIVEN_LABELS_FILE_ID);
    expect(await labelRows(engine)).toEqual([
      { file_id: fileId, event_id: exported[0].event_id },
      { file_id: GIVEN_LABELS_FILE_ID, event_id: journal[1].event_id },
    ]);
    expect(await duplicateWarnings(engine)).toBe(0);

    // A fresh profile: the log and the exported file loaded first, the journal applied after.
    const fresh = await loaded();
    await loadFiles(fresh, [textInputFile('labels-given-here.jsonl', jsonl, 1 << 16)], new LoadState());
    expect(await sync(fresh, journal)).toMatchObject({ inserted: 1, applied: 1, inLoadedFiles: 1 });
    expect((await labelRows(fresh)).map((row) => row.event_id)).toEqual(journal.map((label) => label.event_id));
    expect(await duplicateWarnings(fresh)).toBe(0);
    const report = await computeMetricsReport(engine);
    expect(report.events).toBe((await computeMetricsReport(fresh)).events);
    expect(report.tier1).toEqual((await computeMetricsReport(fresh)).tier1);
  }, 240_000);
});
