/**
 * Test builders for metric fixtures: small events with only what a case needs, loaded through
 * the real ingest into the real engine.
 */
import { clearDataset, initDataset } from '../../dataset';
import type { Engine } from '../../engine';
import { refreshDerivedTables } from '../../metrics-report';
import { createNodeEngine } from '../../node-engine';
import { loadFiles } from '../../../ingest/load-files';
import { LoadState } from '../../../ingest/load-state';
import { textInputFile } from '../../../ingest/text-input';

export type TestEvent = Record<string, unknown>;

/** 2026-10-01T10:00:00Z plus `minutes`. */
export const at = (minutes: number) => Date.UTC(2026, 9, 1, 10) + minutes * 60_000;

export const makeRetrieval = (id: string, fields: TestEvent = {}): TestEvent => ({
  type: 'retrieval', ts: at(0), session_id: 's1', request_id: 'q1', turn_id: 't1', retrieval_id: id, query: `query of ${id}`,
  returned_asset_ids: [], ...fields,
});

export const makeAction = (actor: 'user' | 'agent', action: string, fields: TestEvent = {}): TestEvent => ({
  type: 'action', ts: at(1), session_id: 's1', actor, action, ...fields,
});

export const makeRelevance = (retrievalId: string, assetId: string, grade: number, fields: TestEvent = {}): TestEvent => ({
  type: 'label', kind: 'relevance', retrieval_id: retrievalId, asset_id: assetId, grade, annotator: 'ann', ...fields,
});

export const makePrompt = (turnId: string, fields: TestEvent = {}): TestEvent => ({
  type: 'prompt', ts: at(0), session_id: 's1', turn_id: turnId, text: `prompt ${turnId}`, ...fields,
});

export const makeIntent = (turnId: string, retrievalIntent: boolean, intents: string[] = ['one']): TestEvent => ({
  type: 'label', kind: 'intent', turn_id: turnId, retrieval_intent: retrievalIntent, intents, annotator: 'ann',
});

export const makeFeedback = (rating: 'up' | 'down', fields: TestEvent = {}): TestEvent => ({
  type: 'feedback', ts: at(2), session_id: 's1', rating, ...fields,
});

export async function createTestEngine(): Promise<Engine> {
  const engine = await createNodeEngine();
  await initDataset(engine);
  return engine;
}

const loadState = new LoadState();

/** Replaces the dataset with these events (one JSONL file) and rebuilds the derived tables. */
export async function loadEvents(engine: Engine, events: TestEvent[]): Promise<void> {
  await clearDataset(engine);
  loadState.reset();
  await appendEvents(engine, events);
  await refreshDerivedTables(engine);
}

/** Loads one more file into the dataset, as a user adding a file would; derived tables are left as they were. */
export async function appendEvents(engine: Engine, events: TestEvent[]): Promise<void> {
  const jsonl = events.map((event) => JSON.stringify(event)).join('\n');
  const [result] = await loadFiles(engine, [textInputFile(`fixture-${loadState.nextFileId}.jsonl`, jsonl, 1 << 16)], loadState);
  if (result.rejected > 0) {
    const rejected = await engine.query('SELECT line, reason, message FROM rejected');
    throw new Error(`fixture lines were rejected: ${JSON.stringify(rejected)}`);
  }
}
