import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChdbEngine } from '../engine/clickhouse/chdb-engine';
import { copyDatasetToClickHouse } from '../engine/clickhouse/copy-dataset';
import { SAMPLE_FILES } from '../engine/clickhouse/test-inputs';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from '../engine/clickhouse/load-chdb';
import { otelTracesRows } from '../engine/clickhouse/otel-exporter-rows';
import { otelTracesTableSql } from '../engine/clickhouse/otel-traces-table';
import { initDataset } from '../engine/dataset';
import type { Engine } from '../engine/engine';
import { createNodeEngine } from '../engine/node-engine';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { buildSdkTraces } from '../ingest/otlp/sdk-fixture';
import { EXPORTED_EVENT_COLUMNS } from '../engine/sql/dataset-export';
import { TYPE_COLUMNS } from '../schema/columns';
import type { EventType } from '../schema/event-types';
import { generatedEvents } from '../engine/clickhouse/generated-events-fixture';
import { generatedLog } from './generated-log-fixture';
import { runCli, runCliOnce } from './run-in-process';


const withJson = ({ code, out, err }: Awaited<ReturnType<typeof runCli>>) => ({ code, out, err, json: () => JSON.parse(out.join('\n')) as Record<string, unknown> });
const cli = async (...args: string[]) => withJson(await runCli(args));
/** A report asked again over the same inputs (files and tables no test changes): the first run's output. */
const cliOnce = async (...args: string[]) => withJson(await runCliOnce(args));

const readParquet = async (file: string) => {
  const bytes = readFileSync(file);
  return (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) })) as Record<string, unknown>[];
};

describe('report --engine clickhouse: usage errors', () => {
  it.each([
    [['--engine', 'clickhouse', '--json'], '--engine clickhouse needs --url (http(s)://host:port, chdb: or chdb:DIR)'],
    [['--otel-traces', '--json', 'x.jsonl'], '--otel-traces needs --engine clickhouse'],
    [['--url', 'chdb:', 'x.jsonl'], '--url needs --engine clickhouse'],
    [['--engine', 'clickhouse', '--url', 'chdb:', '--service', 'web'], '--service needs --otel-traces (an events table has no service)'],
    [['--engine', 'clickhouse', '--url', 'ftp://host'], '--url takes http(s)://host:port, chdb: or chdb:DIR, not "ftp://host"'],
    [['--engine', 'clickhouse', '--url', 'chdb:', 'logs.jsonl'], '--engine clickhouse reads the table, not files: logs.jsonl'],
    [['--engine', 'clickhouse', '--url', 'chdb:', '--source-from', 'yesterday'], '--source-from/--source-to: "from" must be an ISO-8601 date or epoch milliseconds, got "yesterday"'],
    [['--engine', 'clickhouse', '--url', 'chdb:', '--seed', '3'], '--sample-sessions and --seed need --write-parquet DIR'],
    [['--engine', 'clickhouse', '--url', 'chdb:', '--a', 'surface=web'], '--a needs --b: a comparison has two slices'],
    [['--engine', 'clickhouse', '--url', 'chdb:', '--what-if', 'rrf:x'], '--what-if "rrf:x": k of rrf is a number from 0 to 100000'],
    [['--engine', 'clickhouse', '--url', 'chdb:', '--no-such-option'], 'unknown option --no-such-option (with --engine clickhouse)'],
  ])('report %j exits 2', async (args, message) => {
    const { code, err, out } = await cli('report', ...args);
    expect({ code, first: err[0], out }).toEqual({ code: 2, first: `retrieval-inspector report: ${message}`, out: [] });
  });

  it('export takes no --engine clickhouse', async () => {
    const { code, err } = await cli('export', '--engine', 'clickhouse', '--url', 'chdb:', '--parquet', 'out', 'x.jsonl');
    expect({ code, first: err[0] }).toEqual({ code: 2, first: 'retrieval-inspector export: --engine takes wasm or native, not "clickhouse"' });
  });
});

const WINDOW = ['2026-01-01T00:00:00Z', '2026-10-15T00:00:00Z'];
let dir: string;
let chdbDir: string;
let otlpFile: string;
let otlpLines: string[];
let generatedFiles: string[];

const enabled = CHDB_TESTS_ENABLED;
describe.skipIf(!enabled)(enabled ? 'report --engine clickhouse on chdb' : `report --engine clickhouse on chdb (${CHDB_SKIP_MESSAGE})`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ri-ch-cli-'));
    chdbDir = path.join(dir, 'chdb');
    const traces = await buildSdkTraces();
    otlpFile = path.join(dir, 'collector.otlp.jsonl');
    writeFileSync(otlpFile, traces.jsonLines);
    otlpLines = traces.jsonLines.trim().split('\n');
    generatedFiles = [path.join(dir, 'generated-events.jsonl'), path.join(dir, 'generated-log.jsonl')];
    // The sample logs as an events table in `default`, the OTLP fixture as the exporter's table in `otel`; then closed (one chdb session a process).
    const duck: Engine = await createNodeEngine();
    const house = await createChdbEngine({ path: chdbDir, install: true });
    try {
      await initDataset(duck);
      await loadFiles(duck, SAMPLE_FILES.map(nodeInputFile), new LoadState());
      await copyDatasetToClickHouse(duck, house);
      // What --source-from/--source-to should read: the events of the window and those without a ts (labels, assets, …).
      await house.exec('CREATE TABLE events_window AS events');
      await house.query('INSERT INTO events_window SELECT * FROM events WHERE ts IS NULL OR (ts >= ? AND ts < ?)', [Date.parse(WINDOW[0]), Date.parse(WINDOW[1])]);
      // Generated logs (every branch the metric tables have, and bad lines) as the events table of `gen`.
      writeFileSync(generatedFiles[0], generatedEvents(300));
      writeFileSync(generatedFiles[1], generatedLog(100));
      const generated: Engine = await createNodeEngine();
      try {
        await initDataset(generated);
        await loadFiles(generated, generatedFiles.map(nodeInputFile), new LoadState());
        await house.exec('CREATE DATABASE IF NOT EXISTS gen');
        await house.exec('USE gen');
        await copyDatasetToClickHouse(generated, house);
        await house.exec('USE default');
      } finally {
        await generated.close();
      }
      await house.exec('CREATE DATABASE IF NOT EXISTS otel');
      await house.exec(otelTracesTableSql('otel.otel_traces'));
      const documents = traces.jsonLines.trim().split('\n').map((line) => JSON.parse(line) as { resourceSpans: unknown[] });
      await house.insertRows('otel.otel_traces', documents.flatMap(otelTracesRows));
    } finally {
      await house.close();
      await duck.close();
    }
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const onChdb = (...args: string[]) => cli('report', '--engine', 'clickhouse', '--url', `chdb:${chdbDir}`, ...args);
  const otelOnChdb = () => cliOnce('report', '--engine', 'clickhouse', '--url', `chdb:${chdbDir}`, '--json', '--otel-traces', '--database', 'otel');

  it('gives the DuckDB report over the same events, key by key', async () => {
    const duck = await cliOnce('report', '--json', ...SAMPLE_FILES);
    const expected = duck.json();
    const { code, err, json } = await onChdb('--json');
    expect({ code, err }).toEqual({ code: 0, err: duck.err.map((line) => line.replace('; `retrieval-inspector check` lists them', ' when the logs were loaded')) });
    const got = json();
    expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
    for (const key of Object.keys(expected)) expect([key, got[key]]).toEqual([key, expected[key]]);
    expect(expected.tier1).toMatchObject({ retrievals: expect.any(Number) });
    expect((expected.tier1 as { judged: number }).judged).toBeGreaterThan(0);
  }, 300_000);

  it('gives the DuckDB report over generated logs (bad lines counted as rejected), under other settings too', async () => {
    for (const args of [[], ['--k', '3', '--used-actions', 'select', '--surface', 'search,chat']]) {
      const duck = await cli('report', '--json', ...args, ...generatedFiles);
      const house = await onChdb('--json', '--database', 'gen', ...args);
      expect(house.code).toBe(0);
      expect(house.json()).toEqual(duck.json());
      expect(duck.json().rejected).toBeGreaterThan(0);
      expect(house.err).toEqual([`retrieval-inspector report: ${duck.json().rejected} lines were rejected when the logs were loaded`]);
    }
  }, 300_000);

  it('compares slices and re-ranks the logged candidates as the DuckDB engine does, --fail-if-worse included', async () => {
    const cases = [
      ['--a', 'retriever=bm25', '--b', 'retriever=dense', '--what-if', 'rrf:20'],
      ['--k', '3', '--what-if', 'cut:1', '--fail-if-worse', 'p_at_k'],
    ];
    const codes: number[] = [];
    for (const args of cases) {
      const duck = await cli('report', '--json', ...args, ...generatedFiles);
      const house = await onChdb('--json', '--database', 'gen', ...args);
      const name = args.join(' ');
      expect({ code: house.code, err: house.err.filter((line) => !line.includes('rejected')) }, name).toEqual({ code: duck.code, err: duck.err.filter((line) => !line.includes('rejected')) });
      expect(house.json(), name).toEqual(duck.json());
      expect((duck.json().what_if as { paired: { pairs: number } }).paired.pairs, name).toBeGreaterThan(100);
      codes.push(duck.code);
    }
    // both outcomes are compared: the first case has no --fail-if-worse; the second loses (cutting every list to one asset lowers P@k)
    expect(codes).toEqual([0, 1]);
    const text = ['--a', 'retriever=bm25', '--b', 'retriever=dense', '--what-if', 'norerank'];
    const duck = await cli('report', ...text, ...generatedFiles);
    const house = await onChdb('--database', 'gen', ...text);
    expect(house.out).toEqual(duck.out);
    expect(house.out.some((line) => line.startsWith('What-if norerank'))).toBe(true);
  }, 300_000);

  it('prints the same text as the DuckDB engine', async () => {
    const duck = await cli('report', ...SAMPLE_FILES);
    const house = await onChdb();
    expect(house.code).toBe(0);
    expect(house.out).toEqual(duck.out);
    expect(house.out.some((line) => line.startsWith('Tier 1'))).toBe(true);
  }, 300_000);

  it('applies --from/--to and the other filters as the DuckDB engine does', async () => {
    const args = ['--from', WINDOW[0], '--to', WINDOW[1], '--k', '3', '--tier1-threshold', '0.7'];
    const whole = ((await cliOnce('report', '--json', ...SAMPLE_FILES)).json());
    const expected = ((await cli('report', '--json', ...args, ...SAMPLE_FILES)).json());
    const got = (await onChdb('--json', ...args)).json();
    expect(got).toEqual(expected);
    expect((got.tier1 as { retrievals: number }).retrievals).toBeLessThan((whole.tier1 as { retrievals: number }).retrievals);
    expect((got.tier1 as { retrievals: number }).retrievals).toBeGreaterThan(0);
  }, 300_000);

  it('reads the exporter\'s otel_traces as the OTLP import reads its spans (no rejected lines: a table of spans holds none)', async () => {
    const imported = (await cli('report', '--json', otlpFile)).json();
    const { code, err, json } = await otelOnChdb();
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(json()).toEqual({ ...(imported), rejected: 0 });
    expect(imported.events).toBeGreaterThan(0);
  }, 300_000);

  /** The report of the helpdesk-agent's traces alone, imported from OTLP by the app. */
  const helpdeskImported = async () => {
    const file = path.join(dir, 'helpdesk.otlp.jsonl');
    writeFileSync(file, otlpLines.filter((line) => line.includes('"helpdesk-agent"')).join('\n'));
    return (await cliOnce('report', '--json', file)).json();
  };

  it('keeps the spans of one service with --service (bound in the source): the import of that service\'s traces alone', async () => {
    const imported = await helpdeskImported();
    const all = (await otelOnChdb()).json();
    const helpdesk = (await onChdb('--json', '--otel-traces', '--database', 'otel', '--service', 'helpdesk-agent')).json();
    expect(helpdesk).toEqual({ ...(imported), rejected: 0 });
    expect(helpdesk.events).toBeGreaterThan(0);
    expect(helpdesk.events).toBeLessThan(all.events as number);
    const none = (await onChdb('--json', '--otel-traces', '--database', 'otel', '--service', "it's' OR 1=1 --")).json();
    expect(none).toMatchObject({ events: 0, sessions: 0 });
  }, 300_000);

  it('--source-from/--source-to read the window alone, as if the table held only its events (bound in the source)', async () => {
    const windowed = (await onChdb('--json', '--source-from', WINDOW[0], '--source-to', WINDOW[1])).json();
    expect(windowed).toEqual((await onChdb('--json', '--table', 'events_window')).json());
    // unlike --from/--to, which keep every event and count the units in range
    const filtered = (await onChdb('--json', '--from', WINDOW[0], '--to', WINDOW[1])).json();
    expect(windowed.events).toBeLessThan(filtered.events as number);
    expect(windowed.events).toBeGreaterThan(0);
  }, 300_000);

  it('--source-from/--source-to cut the spans by Timestamp: the import of the traces that start in the window', async () => {
    const imported = await helpdeskImported();
    // the support-agent trace starts at 10:00, the two helpdesk traces at 11:00 and 12:00
    const windowed = (await onChdb('--json', '--otel-traces', '--database', 'otel', '--source-from', '2026-03-02T10:30:00Z', '--source-to', '2026-03-02T13:00:00Z')).json();
    expect(windowed).toEqual({ ...imported, rejected: 0 });
  }, 300_000);

  it('says so when the table is missing', async () => {
    const { code, err } = await onChdb('--json', '--table', 'nope');
    expect({ code, err }).toEqual({ code: 1, err: ['retrieval-inspector report: no table default.nope'] });
  });

  it('--write-parquet brings back the sessions `export --sample-sessions` picks and the summary of every session, in files the app opens', async () => {
    const out = path.join(dir, 'written');
    const { code, err } = await onChdb('--json', '--write-parquet', out, '--sample-sessions', '5', '--seed', '3');
    expect(code).toBe(0);
    expect(err).toEqual([
      expect.stringMatching(new RegExp(`^retrieval-inspector report: ${path.join(out, 'sample-sessions.parquet')}: [\\d,]+ events of 5 sessions$`)),
      expect.stringMatching(new RegExp(`^retrieval-inspector report: ${path.join(out, 'sessions-summary.parquet')}: [\\d,]+ sessions$`)),
    ]);
    const native = path.join(dir, 'native-sample.parquet');
    expect((await cli('export', '--sample-sessions', '5', native, '--seed', '3', ...SAMPLE_FILES)).code).toBe(0);
    // Both opened by the app's own ingest (its Parquet reader): the same events of the same sessions.
    const opened = async (file: string) => {
      const engine = await createNodeEngine();
      try {
        await initDataset(engine);
        const [result] = await loadFiles(engine, [nodeInputFile(file)], new LoadState());
        expect(result.error ?? null).toBeNull();
        return {
          sessions: await engine.query('SELECT DISTINCT session_id FROM events WHERE session_id IS NOT NULL ORDER BY session_id'),
          byType: await engine.query('SELECT type, count(*)::INTEGER AS n FROM events GROUP BY type ORDER BY type'),
        };
      } finally {
        await engine.close();
      }
    };
    const expected = await opened(native);
    expect(expected.sessions).toHaveLength(5);
    expect(await opened(path.join(out, 'sample-sessions.parquet'))).toEqual(expected);
    // The same rows as the native export's file: the same events, columns, values and order; but a
    // missing list of a type that has the column, which ClickHouse stores as [] (it has no NULL lists).
    const listColumns = EXPORTED_EVENT_COLUMNS.filter((column) => column.kind === 'strings' || column.kind === 'numbers').map((column) => column.name);
    const listsAsStored = (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key, (value ?? null) === null && listColumns.includes(key) && TYPE_COLUMNS[row.type as EventType].some((column) => column.name === key) ? [] : value]));
    const nativeRows = await readParquet(native);
    expect(nativeRows.some((row) => Object.entries(row).some(([key, value]) => (value ?? null) === null && listColumns.includes(key)))).toBe(true);
    expect(await readParquet(path.join(out, 'sample-sessions.parquet'))).toEqual(nativeRows.map(listsAsStored));
    // The summary is of every session, not only the sampled ones: the export's (clickhouse-summary.chdb.test.ts compares more).
    const fullSummary = path.join(dir, 'native-summary.parquet');
    expect((await cli('export', '--sessions-summary', fullSummary, ...SAMPLE_FILES)).code).toBe(0);
    const summary = await readParquet(path.join(out, 'sessions-summary.parquet'));
    expect(summary).toEqual(await readParquet(fullSummary));
    expect(summary.length).toBeGreaterThan(5);
  }, 300_000);

  it('installs @clickhouse/client when allowed, and says plainly that a closed port cannot be reached', async () => {
    const { code, err } = await cli('report', '--engine', 'clickhouse', '--url', 'http://user:secret@127.0.0.1:1', '--install', '--json');
    expect(code).toBe(1);
    expect(err.at(-1)).toMatch(/^retrieval-inspector report: cannot reach ClickHouse at http:\/\/user:\*\*\*@127\.0\.0\.1:1: .*ECONNREFUSED/);
  }, 120_000);
});
