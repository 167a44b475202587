import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { run } from '../../engine/sql/core/run';
import { clearDataset } from '../../engine/dataset';
import { loadedTestEngine } from '../../engine/sql/metrics/loaded-test-engine';
import { loadFiles, type InputFile } from '../load-files';
import { LoadState } from '../load-state';
import { nodeInputFile } from '../node-files';
import { textInputFile } from '../text-input';

/**
 * A Phoenix user's exports loaded as they are, through the same loader as the app and the command
 * line, into the real engine: the REST span pages (as .json files, or one page a line of a .jsonl),
 * or the spans dataframe, with the document annotations and an `Evaluations.save()` file.
 */
const FIXTURES = join(__dirname, 'fixtures');
const PAGES = ['page-1.json', 'page-2.json', 'page-3.json'];
const ANNOTATIONS = 'document-annotations.parquet';
const EVALUATIONS = 'evaluations-2f1e0d9c-8b7a-4f65-9e43-21d0c9b8a7f6.parquet';

const engine = loadedTestEngine();
const state = new LoadState();
const fixture = (name: string) => nodeInputFile(join(FIXTURES, name));
const expected = (name: string) => readFileSync(join(FIXTURES, name), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

async function load(...files: InputFile[]) {
  await clearDataset(engine);
  state.reset();
  return loadFiles(engine, files, state);
}

const RETRIEVAL_FIELDS = ['retrieval_id', 'ts', 'session_id', 'turn_id', 'query', 'returned_asset_ids', 'scores', 'retriever', 'stages', 'error', 'latency_ms'] as const;
const LABEL_FIELDS = ['retrieval_id', 'asset_id', 'grade', 'annotator', 'annotator_kind', 'note'] as const;

/** The expected events of a type, with the given fields (absent ones null, as the table has them). */
function expectedRows(file: string, type: string, fields: readonly string[]) {
  return expected(file)
    .filter((event) => event.type === type)
    .map((event) => Object.fromEntries(fields.map((field) => [field, field === 'stages' && event.stages ? JSON.stringify(event.stages) : (event[field] ?? null)])));
}

async function retrievals() {
  const rows = await engine.query(`SELECT ${RETRIEVAL_FIELDS.join(', ')} FROM events WHERE type = 'retrieval' ORDER BY retrieval_id`);
  // `stages` is stored as its JSON text; compared as the list it holds.
  return rows.map((row) => ({ ...row, stages: row.stages === null ? null : JSON.stringify(JSON.parse(row.stages as string)) }));
}

const byId = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.retrieval_id).localeCompare(String(b.retrieval_id));
const labelsSql = `SELECT ${LABEL_FIELDS.join(', ')} FROM events WHERE type = 'label' ORDER BY file_id, line`;

describe('loading a Phoenix export', () => {
  it('three REST pages (a trace split across two) and the annotations: the retrievals, the labels, what could not be placed', async () => {
    const results = await load(...PAGES.map(fixture), fixture(ANNOTATIONS), fixture(EVALUATIONS));
    expect(results.map((result) => result.error)).toEqual([null, null, null, null, null]);
    expect(await retrievals()).toEqual(expectedRows('helpdesk.expected.jsonl', 'retrieval', RETRIEVAL_FIELDS).sort(byId));
    expect(await engine.query(labelsSql)).toEqual([
      ...expectedRows('document-annotations.expected.jsonl', 'label', LABEL_FIELDS),
      ...expectedRows('evaluations.expected.jsonl', 'label', LABEL_FIELDS),
    ]);
    expect(await engine.query(`SELECT file, line, reason, field FROM rejected ORDER BY file, line`)).toEqual([
      { file: ANNOTATIONS, line: 11, reason: 'unknown_reference', field: 'context.span_id' },
      { file: ANNOTATIONS, line: 12, reason: 'unknown_reference', field: 'document_position' },
    ]);
    const counts = await run(engine, `SELECT type, count(*)::INT AS n FROM events GROUP BY type ORDER BY type`, { type: 'string', n: 'number' });
    const expectedCounts: Record<string, number> = { label: 13 };
    for (const { type } of expected('helpdesk.expected.jsonl')) expectedCounts[String(type)] = (expectedCounts[String(type)] ?? 0) + 1;
    expect(counts).toEqual(Object.entries(expectedCounts).map(([type, n]) => ({ type, n })).sort((a, b) => a.type.localeCompare(b.type)));
  });

  it('each event is stored under the page and element of the span it came from', async () => {
    await load(...PAGES.map(fixture));
    const rows = await engine.query(`SELECT f.name AS file, e.line FROM events e JOIN files f USING (file_id) WHERE e.type = 'retrieval' ORDER BY e.retrieval_id`);
    // 0b1c… is on page 3, b0b1… on page 2, 8a8b… on page 1 (Phoenix pages newest span first)
    expect(rows).toEqual([{ file: 'page-3.json', line: 1 }, { file: 'page-1.json', line: 1 }, { file: 'page-2.json', line: 1 }]);
  });

  it('the pages as one .jsonl file, one page a line', async () => {
    const jsonl = PAGES.map((name) => readFileSync(join(FIXTURES, name), 'utf8')).join('\n') + '\n';
    const results = await load(textInputFile('phoenix-pages.jsonl', jsonl, 4096), fixture(ANNOTATIONS));
    expect(results.map((result) => result.error)).toEqual([null, null]);
    expect(await retrievals()).toEqual(expectedRows('helpdesk.expected.jsonl', 'retrieval', RETRIEVAL_FIELDS).sort(byId));
    expect(await engine.query(labelsSql)).toEqual(expectedRows('document-annotations.expected.jsonl', 'label', LABEL_FIELDS));
  });

  it('the spans dataframe (Parquet) instead of the pages gives the same retrievals and labels', async () => {
    const results = await load(fixture('spans.parquet'), fixture(ANNOTATIONS));
    expect(results.map((result) => result.error)).toEqual([null, null]);
    expect(await retrievals()).toEqual(expectedRows('helpdesk.expected.jsonl', 'retrieval', RETRIEVAL_FIELDS).sort(byId));
    expect(await engine.query(labelsSql)).toEqual(expectedRows('document-annotations.expected.jsonl', 'label', LABEL_FIELDS));
  });

  it('annotations loaded without their spans are rejected rows that say what to load', async () => {
    const [result] = await load(fixture(ANNOTATIONS));
    expect(result.error).toBeNull();
    const rejected = await run(engine, `SELECT message FROM rejected ORDER BY line`, { message: 'string' });
    expect(rejected).toHaveLength(12);
    expect(rejected[0].message).toMatch(/^row 1: the annotated span 0b1c2d3e4f5a6b7c was not loaded .*REST span export pages or the spans dataframe/);
  });

  it('span evaluations (no document position) are named as what they are, not read as events', async () => {
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: 'score', data: [1, 0], type: 'DOUBLE' },
        { name: 'label', data: ['factual', 'hallucinated'], type: 'STRING' },
        { name: 'context.span_id', data: ['f3a1c2e4b5d60718', 'a0a1a2a3a4a5a6a7'], type: 'STRING' },
      ],
    });
    const [result] = await load(textInputFile('span-evaluations.parquet', new Uint8Array(buffer), 4096));
    expect(result).toMatchObject({ events: 0, rejected: 0, error: expect.stringMatching(/^Phoenix span evaluations .* label no document/) });
  });

  it('a page element that is no span is a rejected row with its place', async () => {
    const page = JSON.stringify({ data: [{ type: 'retrieval' }, JSON.parse(readFileSync(join(FIXTURES, 'page-3.json'), 'utf8')).data[2]], next_cursor: null });
    const [result] = await load(textInputFile('odd-page.json', page));
    expect(result).toMatchObject({ error: null, rejected: 1 });
    expect(await engine.query(`SELECT line, reason, message FROM rejected`)).toEqual([
      { line: 1, reason: 'wrong_type', message: expect.stringMatching(/^data\[0\]: not a Phoenix span/) },
    ]);
    expect(await engine.query(`SELECT retrieval_id FROM events WHERE type = 'retrieval'`)).toEqual([{ retrieval_id: '0b1c2d3e4f5a6b7c' }]);
  });
});
