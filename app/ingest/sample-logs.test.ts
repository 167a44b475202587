import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../engine/sql/core/run';
import { initDataset } from '../engine/dataset';
import type { Engine } from '../engine/engine';
import { createNodeEngine } from '../engine/node-engine';
import { loadFiles } from './load-files';
import { LoadState } from './load-state';
import { nodeInputFile } from './node-files';
import { sampleLogPath } from './sample-logs-path';

const FILES = ['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz', 'multihop-qa.json', 'customer-service.jsonl', 'retrieval-trial.jsonl', 'malformed.jsonl'];

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
  await initDataset(engine);
  await loadFiles(engine, FILES.map((name) => nodeInputFile(sampleLogPath(name))), new LoadState());
});
afterAll(() => engine.close());

/** Records per file, counted without the app's readers (the JSON sample puts each event on its own line). */
function physicalRecords(name: string): number {
  const raw = readFileSync(sampleLogPath(name));
  const text = (name.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  if (name.endsWith('.json')) return JSON.parse(text).events.length;
  const nonBlank = text.split('\n').filter((line) => line.trim() !== '').length;
  return name.endsWith('.csv') ? nonBlank - 1 : nonBlank;
}

describe('the bundled sample logs', () => {
  it.each(FILES)('%s: every record is an event or a rejected row', async (name) => {
    const [file] = await run(engine, { sql: 'SELECT events, rejected FROM files WHERE name = ?', params: [name] }, { events: 'number', rejected: 'number' });
    expect(file.events + file.rejected).toBe(physicalRecords(name));
    const [stored] = await run(engine, { sql: 'SELECT count(*)::INT AS n FROM events JOIN files USING (file_id) WHERE name = ?', params: [name] }, { n: 'number' });
    expect(stored.n).toBe(file.events);
  });

  it('the good files load without a rejected line or a dangling reference', async () => {
    expect(await engine.query(`SELECT file, line, reason FROM rejected WHERE file <> 'malformed.jsonl'`)).toEqual([]);
    expect(await engine.query(`SELECT file, line, field FROM reference_warnings WHERE file <> 'malformed.jsonl'`)).toEqual([]);
  });

  it('malformed.jsonl is rejected and warned exactly as its expected list says', async () => {
    const expected = JSON.parse(readFileSync(sampleLogPath('malformed.expected.json'), 'utf8'));
    const actual = await engine.query(`
      SELECT line, reason, field FROM rejected WHERE file = 'malformed.jsonl'
      UNION ALL SELECT line, reason, field FROM reference_warnings WHERE file = 'malformed.jsonl'
      ORDER BY line`);
    expect(actual).toEqual(expected);
  });
});
