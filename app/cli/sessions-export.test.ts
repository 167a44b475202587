import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initDataset } from '../engine/dataset';
import type { Engine } from '../engine/engine';
import { createNodeEngine } from '../engine/node-engine';
import { FULL_SUMMARY_ROW, FULL_SUMMARY_TOTALS_ROW, FULL_SUMMARY_TOTALS_SQL, fullSummaryRowsQuery } from '../engine/sql/full-dataset-summary';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import type { MetricsReport } from '../model/metrics/report';
import { generatedLog } from './generated-log-fixture';
import { runCli } from './run-in-process';
import { run as runQuery } from '../engine/sql/core/run';

async function cli(...args: string[]) {
  return runCli(args);
}

type SummaryRow = Record<string, string | number | null>;
const readParquet = async (file: string) => {
  const bytes = readFileSync(file);
  return (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) })) as SummaryRow[];
};

/** The files loaded as the browser's ingest loads them (the same code, in Node) into a fresh engine. */
async function openedAsInBrowser(files: string[]): Promise<Engine> {
  const engine = await createNodeEngine();
  await initDataset(engine);
  const results = await loadFiles(engine, files.map(nodeInputFile), new LoadState());
  expect(results.map((result) => result.error)).toEqual(files.map(() => null));
  return engine;
}

const sum = (rows: SummaryRow[], column: string) => rows.reduce((total, row) => total + (row[column] as number), 0);

let dir: string;
let log: string;
let report: MetricsReport;
let summary: SummaryRow[];
let sample: string;
const SAMPLED = 40;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-sessions-export-'));
  log = path.join(dir, 'generated.jsonl');
  writeFileSync(log, generatedLog(300));
  report = JSON.parse((await cli('report', '--json', log)).out.join('\n'));
  sample = path.join(dir, 'sample.parquet');
  const exported = await cli('export', '--sessions-summary', path.join(dir, 'summary.parquet'), '--sample-sessions', String(SAMPLED), sample, '--seed', '7', log);
  expect(exported.code).toBe(0);
  expect(exported.out).toEqual([`${path.join(dir, 'summary.parquet')}: 300 sessions`, expect.stringMatching(new RegExp(`^${sample}: [\\d,]+ events of 40 sessions$`))]);
  summary = await readParquet(path.join(dir, 'summary.parquet'));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('export --sessions-summary', () => {
  it('has one row per session whose counts add up to the report', () => {
    expect(summary).toHaveLength(report.sessions);
    expect(new Set(summary.map((row) => row.session_id)).size).toBe(report.sessions);
    expect(sum(summary, 'retrievals')).toBe(report.tier1.retrievals);
    expect(sum(summary, 'masked')).toBe(report.matrix.masked);
    expect(sum(summary, 'down')).toBe(report.feedback.down);
    expect(sum(summary, 'orf')).toBe(Math.round(report.tier2.orf! * report.tier2.retrievals));
    // Every event of the log but its labels (which carry no session) belongs to a session.
    const labels = readFileSync(log, 'utf8').split('\n').filter((line) => line.startsWith('{"type":"label"') && line.includes('"annotator"')).length;
    expect(sum(summary, 'events')).toBe(report.events - labels);
  });

  it('opens in the browser as the full-dataset summary, with the same rows', async () => {
    const engine = await openedAsInBrowser([path.join(dir, 'summary.parquet')]);
    try {
      const [totals] = await runQuery(engine, FULL_SUMMARY_TOTALS_SQL, FULL_SUMMARY_TOTALS_ROW);
      expect(totals).toEqual({ sessions: 300, events: sum(summary, 'events'), first_ts: Math.min(...summary.map((row) => row.start_ts as number)), last_ts: Math.max(...summary.map((row) => row.end_ts as number)), loaded: 0 });
      const top = await runQuery(engine, fullSummaryRowsQuery('masked', true, 5), FULL_SUMMARY_ROW);
      const expected = [...summary].sort((a, b) => (b.masked as number) - (a.masked as number) || String(a.session_id).localeCompare(String(b.session_id))).slice(0, 5);
      expect(top.map((row) => [row.session_id, row.masked, row.events])).toEqual(expected.map((row) => [row.session_id, row.masked, row.events]));
      // The summary is no events: nothing else is loaded from it.
      expect((await runQuery(engine, 'SELECT count(*)::INTEGER AS n FROM events', { n: 'number' }))[0].n).toBe(0);
    } finally {
      await engine.close();
    }
  });
});

describe('export --sample-sessions', () => {
  it('holds whole sessions: their summary from the sample equals the full summary\'s rows', async () => {
    const again = path.join(dir, 'sample-summary.parquet');
    expect((await cli('export', '--sessions-summary', again, sample)).code).toBe(0);
    const fromSample = await readParquet(again);
    expect(fromSample).toHaveLength(SAMPLED);
    const full = new Map(summary.map((row) => [row.session_id, row]));
    for (const row of fromSample) expect(row).toEqual(full.get(row.session_id));
    expect(sum(fromSample, 'masked')).toBeGreaterThan(0); // labels came along, so masked failures are judged
  });

  it('picks the same sessions for the same seed on either engine, and others for another seed', async () => {
    const native = path.join(dir, 'sample-native.parquet');
    const other = path.join(dir, 'sample-other.parquet');
    expect((await cli('export', '--engine', 'native', '--threads', '4', '--sample-sessions', String(SAMPLED), native, '--seed', '7', log)).code).toBe(0);
    expect(readFileSync(native)).toEqual(readFileSync(sample));
    expect((await cli('export', '--sample-sessions', String(SAMPLED), other, '--seed', '8', log)).code).toBe(0);
    expect(readFileSync(other)).not.toEqual(readFileSync(sample));
  });

  it('opened beside the summary, links the sampled sessions', async () => {
    const engine = await openedAsInBrowser([path.join(dir, 'summary.parquet'), sample]);
    try {
      const [totals] = await runQuery(engine, FULL_SUMMARY_TOTALS_SQL, FULL_SUMMARY_TOTALS_ROW);
      expect(totals.loaded).toBe(SAMPLED);
      const rows = await runQuery(engine, fullSummaryRowsQuery('session_id', false, null), FULL_SUMMARY_ROW);
      const sampled = new Set((await readParquet(sample)).map((row) => row.session_id).filter((id) => id !== null));
      expect(new Set(rows.filter((row) => row.loaded).map((row) => row.session_id))).toEqual(sampled);
    } finally {
      await engine.close();
    }
  });

  it('takes sessions by id, and says which were not found', async () => {
    const chosen = path.join(dir, 'chosen.parquet');
    const result = await cli('export', '--sessions', 's3,s5,nope', chosen, log);
    expect(result.out).toEqual([expect.stringMatching(/: [\d,]+ events of 2 sessions$/)]);
    expect(result.err).toEqual(['retrieval-inspector export: 1 session id given to --sessions not found in the logs']);
    const ids = new Set((await readParquet(chosen)).map((row) => row.session_id));
    expect(ids).toEqual(new Set(['s3', 's5', null]));
  });

  it('refuses a sample without its output file or count', async () => {
    const result = await cli('export', '--sample-sessions', 'ten', path.join(dir, 'x.parquet'), log);
    expect(result.code).toBe(2);
    expect(result.err[0]).toBe('retrieval-inspector export: --sample-sessions takes a whole number of 1 or more, not "ten"');
    expect((await cli('export', '--sessions', 's1')).err[0]).toBe('retrieval-inspector export: --sessions needs ids and the output file: --sessions ID,ID OUT.parquet');
  });
});
