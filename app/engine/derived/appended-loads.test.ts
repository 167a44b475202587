import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../sql/core/run';
import { loadFiles } from '../../ingest/load-files';
import { SAMPLE_LOG_GENERATOR } from '../../ingest/sample-logs-path';
import { LoadState } from '../../ingest/load-state';
import { textInputFile } from '../../ingest/text-input';
import type { Engine } from '../engine';
import { ensureDerivedTables } from '../metrics-report';
import { DERIVED_TABLES, METRIC_TABLES, POST_LOAD_TABLES } from '../sql/derived/registry';
import { createTestEngine } from '../sql/metrics/fixtures';
import { updateDerivedTables } from './update-derived-tables';

// A log opened in appends: after each load the derived tables take in only what it changed; the
// rows must be those of one build over the whole log.
const CHUNKS = 6;
let engine: Engine;
let lines: string[] = [];
const directory = mkdtempSync(path.join(os.tmpdir(), 'ri-chunks-'));

beforeAll(async () => {
  const file = path.join(directory, 'events.jsonl');
  execFileSync(process.execPath, [SAMPLE_LOG_GENERATOR, '--events', '12000', '--out', file], { stdio: 'ignore' });
  const generated = readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '');
  // Labels in the first chunk naming a retrieval of the last one (a reference warning that a later
  // chunk answers) and one never loaded (a warning that stays).
  const late = generated.map((line) => JSON.parse(line) as { type: string; retrieval_id?: string; turn_id?: string }).filter((event) => event.type === 'retrieval').at(-1)!;
  const label = (fields: object) => JSON.stringify({ type: 'label', annotator: 'early', ts: '2026-01-01T00:00:00Z', ...fields });
  lines = [
    label({ kind: 'relevance', retrieval_id: late.retrieval_id, asset_id: 'asset-early', grade: 2 }),
    label({ kind: 'relevance', retrieval_id: 'r-never-loaded', asset_id: 'asset-early', grade: 1 }),
    label({ kind: 'role', retrieval_id: late.retrieval_id, role: 'find' }),
    label({ kind: 'intent', turn_id: late.turn_id, retrieval_intent: true, intents: ['search'] }),
    ...generated,
  ];
  engine = await createTestEngine();
});
afterAll(async () => {
  await engine?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function derivedRows(): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const { name } of DERIVED_TABLES) tables[name] = (await engine.query(`SELECT * FROM "${name}"`)).map((row) => JSON.stringify(row)).sort();
  return tables;
}

describe('derived tables brought up to date after each of six appended loads', () => {
  it('end with the rows of one build over the whole log, every table', async () => {
    const state = new LoadState();
    const size = Math.ceil(lines.length / CHUNKS);
    for (let chunk = 0; chunk < CHUNKS; chunk++) {
      const text = lines.slice(chunk * size, (chunk + 1) * size).join('\n');
      await loadFiles(engine, [textInputFile(`chunk-${chunk}.jsonl`, text, 1 << 16)], state);
      await ensureDerivedTables(engine);
    }
    const [{ events }] = await run(engine, 'SELECT count(*)::INTEGER AS events FROM events', { events: 'number' });
    expect(events).toBe(lines.length);

    const appended = await derivedRows();
    await updateDerivedTables(engine, [...POST_LOAD_TABLES, ...METRIC_TABLES], { rebuild: true });
    const built = await derivedRows();
    for (const { name } of DERIVED_TABLES) {
      expect(appended[name].length, name).toBeGreaterThan(0);
      expect(appended[name], name).toEqual(built[name]);
    }
  });
});
