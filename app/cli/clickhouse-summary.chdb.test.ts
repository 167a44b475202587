import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChdbEngine } from '../engine/clickhouse/chdb-engine';
import { copyDatasetToClickHouse } from '../engine/clickhouse/copy-dataset';
import { generatedEvents } from '../engine/clickhouse/generated-events-fixture';
import { SAMPLE_FILES } from '../engine/clickhouse/test-inputs';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from '../engine/clickhouse/load-chdb';
import { initDataset } from '../engine/dataset';
import { createNodeEngine } from '../engine/node-engine';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { pluralize } from '../lib/format';
import { generatedLog } from './generated-log-fixture';
import { runCli } from './run-in-process';


async function cli(...args: string[]) {
  return runCli(args);
}

const bytesOf = (file: string) => {
  const bytes = readFileSync(file);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};
const readParquet = async (file: string) => (await parquetReadObjects({ file: bytesOf(file) })) as Record<string, unknown>[];
/** The file's columns with their Parquet types: both files must be written alike, not only read alike. */
const columnsOf = (file: string) => parquetSchema(parquetMetadata(bytesOf(file))).children.map(({ element }) => [element.name, element.type, element.repetition_type]);

let dir: string;
let chdbDir: string;
let generatedFiles: string[];

const enabled = CHDB_TESTS_ENABLED;
describe.skipIf(!enabled)(enabled ? 'report --engine clickhouse --write-parquet: the summary of every session' : `report --engine clickhouse --write-parquet: the summary of every session (${CHDB_SKIP_MESSAGE})`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ri-ch-summary-'));
    chdbDir = path.join(dir, 'chdb');
    generatedFiles = [path.join(dir, 'generated-events.jsonl'), path.join(dir, 'generated-log.jsonl')];
    writeFileSync(generatedFiles[0], generatedEvents(300));
    writeFileSync(generatedFiles[1], generatedLog(100));
    // The sample logs as the events table of `default`, the generated logs as that of `gen` (one chdb session a process: closed before the CLI opens the directory).
    const house = await createChdbEngine({ path: chdbDir, install: true });
    try {
      for (const [database, files] of [['default', SAMPLE_FILES], ['gen', generatedFiles]] as const) {
        const duck = await createNodeEngine();
        try {
          await initDataset(duck);
          await loadFiles(duck, files.map(nodeInputFile), new LoadState());
          await house.exec(`CREATE DATABASE IF NOT EXISTS ${database}`);
          await house.exec(`USE ${database}`);
          await copyDatasetToClickHouse(duck, house);
        } finally {
          await duck.close();
        }
      }
    } finally {
      await house.close();
    }
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['the sample logs', 'default', () => SAMPLE_FILES],
    ['generated logs (every branch of the metric tables, bad lines)', 'gen', () => generatedFiles],
  ])('over %s: the file `export --sessions-summary` writes on both DuckDB engines, row for row', async (_, database, files) => {
    const out = path.join(dir, `written-${database}`);
    const house = await cli('report', '--engine', 'clickhouse', '--url', `chdb:${chdbDir}`, '--database', database, '--json', '--write-parquet', out, '--sample-sessions', '3');
    expect({ code: house.code, err: house.code === 0 ? [] : house.err }).toEqual({ code: 0, err: [] });
    const written = path.join(out, 'sessions-summary.parquet');
    const got = await readParquet(written);
    for (const engine of ['wasm', 'native']) {
      const native = path.join(dir, `${engine}-${database}-summary.parquet`);
      const exported = await cli('export', '--engine', engine, '--sessions-summary', native, ...files());
      expect(exported.out).toEqual([`${native}: ${pluralize(got.length, 'session')}`]);
      expect(got).toEqual(await readParquet(native));
      expect(columnsOf(written)).toEqual(columnsOf(native));
    }
    expect(house.err.at(-1)).toBe(`retrieval-inspector report: ${written}: ${pluralize(got.length, 'session')}`);
    // Every session, not the three sampled ones; and the signals are there to be compared.
    expect(got.length).toBeGreaterThan(20);
    for (const signal of ['masked', 'orf', 'empty', 'clarify', 'handoff', 'down', 'wrong', 'rewrite', 'completion']) {
      expect([signal, got.some((row) => Number(row[signal]) > 0), got.some((row) => row[signal] === 0)]).toEqual([signal, true, true]);
    }
    for (const column of ['worst_verdict', 'category', 'user_id']) {
      expect([column, got.some((row) => row[column] !== null), got.some((row) => row[column] === null)]).toEqual([column, true, true]);
    }
  }, 300_000);
});
