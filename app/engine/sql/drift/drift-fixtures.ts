/**
 * Test builders for the drift rules: small multi-hop events with only what a case needs, loaded
 * through the real ingest into the real engine. Times are milliseconds after 2026-10-01T09:00Z.
 */
import { clearDataset, initDataset } from '../../dataset';
import type { Engine } from '../../engine';
import { createNodeEngine } from '../../node-engine';
import { loadFiles } from '../../../ingest/load-files';
import { LoadState } from '../../../ingest/load-state';
import { textInputFile } from '../../../ingest/text-input';

export type TestEvent = Record<string, unknown>;

const BASE_MS = Date.UTC(2026, 9, 1, 9);
export const at = (ms: number) => BASE_MS + ms;

/** Run `r1`, session `s-<question>` unless a case says otherwise. */
const inRun = (questionId: string, fields: TestEvent) => ({ session_id: `s-${questionId}`, run_id: 'r1', question_id: questionId, ...fields });

export const makeQuestion = (questionId: string, fields: TestEvent = {}): TestEvent => ({
  type: 'question', question_id: questionId, text: `Question ${questionId}?`, ...fields,
});

export const makeSubquestion = (f: { question: string; sub: string; status: string; t: number } & TestEvent): TestEvent => {
  const { question, sub, status, t, ...fields } = f;
  return { type: 'subquestion', ts: at(t), ...inRun(question, { subquestion_id: sub, status, text: `sub-question ${sub}`, ...fields }) };
};

export const makeQuestionRetrieval = (f: { question: string; id: string; t: number } & TestEvent): TestEvent => {
  const { question, id, t, ...fields } = f;
  return { type: 'retrieval', ts: at(t), ...inRun(question, { retrieval_id: id, query: `query ${id}`, returned_asset_ids: [], ...fields }) };
};

export const makeResponse = (f: { question: string; t: number } & TestEvent): TestEvent => {
  const { question, t, ...fields } = f;
  return { type: 'response', ts: at(t), ...inRun(question, { text: 'the answer', ...fields }) };
};

/** pending at 0 → active at 10 → resolved at 50 with these evidence ids. */
export const resolvedSubquestion = (question: string, sub: string, evidence_ids: string[]): TestEvent[] => [
  makeSubquestion({ question, sub, status: 'pending', t: 0 }),
  makeSubquestion({ question, sub, status: 'active', t: 10 }),
  makeSubquestion({ question, sub, status: 'resolved', t: 50, note: 'found it', evidence_ids }),
];

export async function createDriftTestEngine(): Promise<Engine> {
  const engine = await createNodeEngine();
  await initDataset(engine);
  return engine;
}

/** Replaces the dataset with these events (one JSONL file); fails if any line is rejected. */
export async function loadDriftEvents(engine: Engine, events: TestEvent[]): Promise<void> {
  await clearDataset(engine);
  const jsonl = events.map((event) => JSON.stringify(event)).join('\n');
  const [result] = await loadFiles(engine, [textInputFile('drift-fixture.jsonl', jsonl, 1 << 16)], new LoadState());
  if (result.rejected > 0) throw new Error(`fixture lines were rejected: ${JSON.stringify(await engine.query('SELECT line, reason, message FROM rejected'))}`);
}
