import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../sql/core/run';
import { loadFiles, type InputFile } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { nodeInputFile } from '../../ingest/node-files';
import { textInputFile } from '../../ingest/text-input';
import { generatedEventsFile, removeGeneratedFiles, SAMPLE_FILES } from '../clickhouse/test-inputs';
import { clearDataset } from '../dataset';
import type { Engine } from '../engine';
import { ensureDerivedTables } from '../metrics-report';
import { DERIVED_TABLES } from '../sql/derived/registry';
import { at, createTestEngine, type TestEvent } from '../sql/metrics/fixtures';

/**
 * Golden rows of every derived table (sql/derived/registry.ts), as kept after the loads, as built
 * whole and as an append's scoped update builds them, over a generated log loaded in three files
 * (duplicate event ids, late labels, rewrite loops, inherited sources), over failed retrievals and
 * over the sample logs.
 * The rows in fixtures/ were produced once by the current SQL and checked by hand on a few rows
 * (the late files' retrieval xr1, the failed retrievals fr1–fr5). Over the sample logs, whose rows
 * would weigh 2.5 MB, the file holds each table's row count, a hash of its rows and its first rows.
 *
 * A change meant to change these rows regenerates them, and its diff is then read row by row:
 *   UPDATE_GOLDEN=1 npx vitest run app/engine/derived/derived-tables.golden.test.ts
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const jsonl = (name: string, events: TestEvent[]) => textInputFile(name, events.map((event) => JSON.stringify(event)).join('\n'), 1 << 16);

/** What the generated log does not have: ids given twice, loops, labels and inheritance arriving in later files. */
const LATE_EVENTS: TestEvent[] = [
  { type: 'retrieval', ts: at(0), event_id: 'dup-1', session_id: 'x1', user_id: 'ux', request_id: 'xq1', turn_id: 'xt1', retrieval_id: 'xr1', query: 'red shoes', returned_asset_ids: ['xa1', 'xa2', 'xa1', 'xa3', 'xa2', 'xa4'] },
  { type: 'retrieval', ts: at(1), event_id: 'dup-1', session_id: 'x1', user_id: 'ux', request_id: 'xq2', turn_id: 'xt2', retrieval_id: 'xr2', query: 'again', rewrite_of: 'xr3', returned_asset_ids: ['xa4'] },
  { type: 'retrieval', ts: at(2), session_id: 'x1', request_id: 'xq3', turn_id: 'xt3', retrieval_id: 'xr3', query: 'loop', rewrite_of: 'xr2', returned_asset_ids: [] },
  { type: 'prompt', ts: at(0), event_id: 'dup-1', session_id: 'x1', turn_id: 'xt1', text: 'one', category: 'late' },
  { type: 'prompt', ts: at(3), session_id: 'x1', turn_id: 'xt4', text: 'two', rewrite_of: 'xt5' },
  { type: 'prompt', ts: at(4), session_id: 'x1', turn_id: 'xt5', text: 'three', rewrite_of: 'xt4' },
  { type: 'label', kind: 'relevance', retrieval_id: 'xr1', asset_id: 'xa3', grade: 2, annotator: 'a' },
  { type: 'label', kind: 'relevance', retrieval_id: 'xr1', asset_id: 'xa4', grade: 3, annotator: 'a' },
  { type: 'label', kind: 'relevance', retrieval_id: 'xr1', asset_id: 'xa2', grade: 0, annotator: 'a' },
  { type: 'label', kind: 'relevance', retrieval_id: 'xr1', asset_id: 'xa2', grade: 1, annotator: 'b', adjudicated: true },
  { type: 'label', kind: 'relevance', retrieval_id: 'xr1', asset_id: 'xa9', grade: 3, annotator: 'a' },
  { type: 'label', kind: 'relevance', query: 'red shoes', asset_id: 'a7', grade: 2, annotator: 'q' },
  { type: 'label', kind: 'role', retrieval_id: 'xr2', role: 'step', annotator: 'a' },
  { type: 'label', kind: 'intent', turn_id: 'xt1', retrieval_intent: true, intents: ['b', 'a', 'b'], annotator: 'a' },
  // places and uses without a source: by user, by session (no user), chained, and an agent bypass
  { type: 'action', ts: at(5), session_id: 'x1', user_id: 'ux', request_id: 'xq1', actor: 'user', action: 'place', consumed_asset_id: 'xa1', source_retrieval_id: 'xr1' },
  { type: 'action', ts: at(6), session_id: 'x2', user_id: 'ux', actor: 'user', action: 'place', consumed_asset_id: 'xa1' },
  { type: 'action', ts: at(7), session_id: 'x2', user_id: 'ux', actor: 'user', action: 'export', consumed_asset_id: 'xa1' },
  { type: 'action', ts: at(7), session_id: 'x1', actor: 'user', action: 'download', consumed_asset_id: 'xa1' },
  { type: 'action', ts: at(8), session_id: 'x1', request_id: 'xq1', actor: 'agent', action: 'use', consumed_asset_id: 'xa8' },
  { type: 'action', ts: at(8), session_id: 'x1', request_id: 'xq1', actor: 'agent', action: 'use', consumed_asset_id: 'xa2', source_retrieval_id: 'xr1' },
  { type: 'action', ts: at(9), session_id: 'x1', user_id: 'ux', actor: 'user', action: 'complain', consumed_asset_id: 'xa4', source_retrieval_id: 'xr-missing' },
  { type: 'feedback', ts: at(9), session_id: 'x1', rating: 'down', retrieval_id: 'xr1' },
];

/** Each row as JSON, sorted (action_lineage in the order its scan gives, as it is written in seq order). */
async function rowsOf(engine: Engine, select: string, inScanOrder = false): Promise<string[]> {
  const rows = (await engine.query(select)).map((row) => JSON.stringify(row));
  return inScanOrder ? rows : rows.sort();
}

/** A few of the table's keys (every third), and keys no row has. */
async function someKeys(engine: Engine, table: string, key: readonly string[]): Promise<string> {
  const relation = `scope_keys_${table}`;
  await engine.exec(`CREATE OR REPLACE TEMP TABLE ${relation} AS
    SELECT DISTINCT ${key.join(', ')} FROM (SELECT *, row_number() OVER () AS n FROM "${table}") WHERE n % 3 = 0
    UNION ALL SELECT ${key.map((column) => `NULL AS ${column}`).join(', ')}`);
  return relation;
}

type Golden = Record<string, string[]>;

/** A table's golden entry in a digest file: its row count, the SHA-256 of its rows (as compared) and its first rows in full. */
interface Digest { rows: number; sha256: string; first: unknown[] }
const DIGEST_ROWS = 8;
const digestOf = (rows: string[]): Digest => ({
  rows: rows.length,
  sha256: createHash('sha256').update(rows.join('\n')).digest('hex'),
  first: rows.slice(0, DIGEST_ROWS).map((row) => JSON.parse(row)),
});

/** One row a line, so that a regenerated file's diff reads row by row. */
function writeGolden(file: string, golden: Golden, digest: boolean) {
  const entry = (rows: string[]) => {
    const list = (lines: string[]) => (lines.length === 0 ? '[]' : `[\n${lines.map((line) => `    ${line}`).join(',\n')}\n  ]`);
    if (!digest) return list(rows);
    const { rows: count, sha256, first } = digestOf(rows);
    return `{ "rows": ${count}, "sha256": "${sha256}", "first": ${list(first.map((row) => JSON.stringify(row)))} }`;
  };
  const tables = Object.entries(golden).map(([table, rows]) => `  ${JSON.stringify(table)}: ${entry(rows)}`);
  writeFileSync(file, `{\n${tables.join(',\n')}\n}\n`);
}

function readGolden(name: string): Record<string, unknown> {
  const file = path.join(FIXTURES, name);
  if (!existsSync(file)) throw new Error(`${file} is missing: UPDATE_GOLDEN=1 writes it`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/**
 * Each table's kept rows, with its whole and scoped builds checked against them; then the whole
 * against the golden file: every row, or with `digest` (the sample logs, 2.5 MB of rows) the
 * count, the hash and the first rows. `filled`: every table has rows, so that no comparison
 * passes on empty sides.
 */
async function expectGoldenRows(engine: Engine, name: string, { filled = true, digest = false, tables = DERIVED_TABLES.map((table) => table.name) } = {}) {
  const actual: Golden = {};
  for (const table of DERIVED_TABLES.filter((candidate) => tables.includes(candidate.name))) {
    const ordered = table.name === 'action_lineage';
    const kept = await rowsOf(engine, `SELECT * FROM "${table.name}"`, ordered);
    if (filled) expect(kept.length, `${table.name} has rows`).toBeGreaterThan(0);
    expect(await rowsOf(engine, table.select(null), ordered), `${table.name}, built whole`).toEqual(kept);
    if (table.key) {
      const keys = await someKeys(engine, table.name, table.key);
      const ofKeys = `(${table.key.join(', ')}) IN (SELECT ${table.key.join(', ')} FROM ${keys})`;
      const keptOfKeys = await rowsOf(engine, `SELECT * FROM "${table.name}" WHERE ${ofKeys}`);
      if (filled) expect(keptOfKeys.length, `${table.name}, some keys`).toBeGreaterThan(0);
      expect(await rowsOf(engine, `SELECT * FROM (${table.select({ relation: keys })}) WHERE ${ofKeys}`), `${table.name}, scoped`).toEqual(keptOfKeys);
    }
    actual[table.name] = kept;
  }
  if (UPDATE) writeGolden(path.join(FIXTURES, name), actual, digest);
  const golden = readGolden(name);
  expect(Object.keys(actual)).toEqual(Object.keys(golden));
  for (const [table, rows] of Object.entries(actual)) {
    const message = `${table}: the rows of fixtures/${name}`;
    // rows re-serialized from the file, so that spacing does not matter
    if (digest) expect(digestOf(rows), message).toEqual(golden[table]);
    else expect(rows, message).toEqual((golden[table] as unknown[]).map((row) => JSON.stringify(row)));
  }
}

describe('derived tables: golden rows', () => {
  let engine: Engine;
  let state: LoadState;
  const load = async (...files: InputFile[]) => {
    await loadFiles(engine, files, state);
    await ensureDerivedTables(engine);
  };
  beforeAll(async () => {
    engine = await createTestEngine();
  });
  afterAll(async () => {
    await engine?.close();
    removeGeneratedFiles();
  });

  it('a generated log and late files with edge cases, each table updated by the appends', async () => {
    state = new LoadState();
    await load(nodeInputFile(generatedEventsFile(GENERATED_SESSIONS)));
    await load(jsonl('late-1.jsonl', LATE_EVENTS.slice(0, 6)));
    await load(jsonl('late-2.jsonl', LATE_EVENTS.slice(6)));
    const [{ duplicates, loops, inherited }] = await run(engine,
      `SELECT (SELECT count(*) FROM reference_warnings WHERE reason = 'duplicate_event_id')::INTEGER AS duplicates,
              (SELECT count(*) FROM reference_warnings WHERE reason = 'rewrite_cycle' AND ref IN ('xr3', 'xt5'))::INTEGER AS loops,
              (SELECT count(*) FROM action_lineage WHERE inherited AND seq > (SELECT min(seq) FROM retrievals WHERE retrieval_id = 'xr1'))::INTEGER AS inherited`,
      { duplicates: 'number', loops: 'number', inherited: 'number' });
    expect(duplicates).toBe(2);
    expect(loops).toBe(2);
    expect(inherited).toBe(3);
    await expectGoldenRows(engine, 'derived-tables.generated.json');
  }, 120_000);

  it('the sample logs', async () => {
    await clearDataset(engine);
    state = new LoadState();
    await load(...SAMPLE_FILES.map(nodeInputFile));
    await expectGoldenRows(engine, 'derived-tables.sample-logs.json', { filled: false, digest: true });
  }, 120_000);

  it('failed retrievals: failed, never empty; an error beside a returned list is neither', async () => {
    await clearDataset(engine);
    state = new LoadState();
    await load(jsonl('failed.jsonl', FAILED_EVENTS));
    const flags = await run(engine,
      "SELECT retrieval_id, is_empty, failed FROM retrieval_base WHERE retrieval_id LIKE 'fr%' ORDER BY retrieval_id",
      { retrieval_id: 'string', is_empty: 'boolean', failed: 'boolean' });
    expect(flags.map((row) => [row.retrieval_id, row.is_empty, row.failed])).toEqual([
      ['fr1', false, true], ['fr2', false, true], ['fr3', true, false], ['fr4', true, false], ['fr5', false, false],
    ]);
    await expectGoldenRows(engine, 'derived-tables.failed.json', { tables: ['retrieval_base'] });
  }, 120_000);
});

/** Small enough for a golden file read row by row, large enough to reach every branch (the sessions' users repeat from s40). */
const GENERATED_SESSIONS = 60;

/** A generated log's sessions do not have these: failed retrievals (an error, nothing returned), an empty one and an error beside a list. */
const FAILED_EVENTS: TestEvent[] = [
  // no list, and an empty one: failed (fr1 judged and down-voted, so its other columns are not all defaults)
  { type: 'retrieval', ts: at(0), session_id: 'f1', request_id: 'fq1', turn_id: 'ft1', retrieval_id: 'fr1', query: 'timeout', error: 'TimeoutError' },
  { type: 'label', kind: 'relevance', retrieval_id: 'fr1', asset_id: 'fa1', grade: 2, annotator: 'a' },
  { type: 'feedback', ts: at(1), session_id: 'f1', rating: 'down', retrieval_id: 'fr1' },
  { type: 'retrieval', ts: at(2), session_id: 'f1', request_id: 'fq2', turn_id: 'ft2', retrieval_id: 'fr2', query: 'refused', returned_asset_ids: [], error: 'ConnectionError', rewrite_of: 'fr1' },
  // empty: no list, and an empty one
  { type: 'retrieval', ts: at(3), session_id: 'f1', request_id: 'fq3', turn_id: 'ft3', retrieval_id: 'fr3', query: 'nothing' },
  { type: 'retrieval', ts: at(4), session_id: 'f1', request_id: 'fq4', turn_id: 'ft4', retrieval_id: 'fr4', query: 'none', returned_asset_ids: [] },
  // an error beside a returned list: the list was returned, so neither failed nor empty
  { type: 'retrieval', ts: at(5), session_id: 'f1', request_id: 'fq5', turn_id: 'ft5', retrieval_id: 'fr5', query: 'partial', returned_asset_ids: ['fa1'], error: 'RerankError' },
];
