import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parquetMetadata } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-in-process';
import { sampleLogPath } from '../ingest/sample-logs-path';

const FILES = ['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz', 'multihop-qa.json', 'customer-service.jsonl', 'retrieval-trial.jsonl', 'malformed.jsonl'];

async function cli(...args: string[]) {
  return runCli(args);
}

const checked = async (...files: string[]) => JSON.parse((await cli('check', '--json', ...files)).out.join('\n'));
const reported = async (...files: string[]) => JSON.parse((await cli('report', '--json', ...files)).out.join('\n'));

let dir: string;
let samples: string[];
let exported: string[];
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-parquet-'));
  samples = FILES.map((name) => sampleLogPath(name));
  const { code, out, err } = await cli('export', '--parquet', dir, ...samples);
  expect({ code, err }).toEqual({ code: 0, err: [] });
  expect(out).toHaveLength(2);
  exported = [path.join(dir, 'events.parquet'), path.join(dir, 'rejected.parquet')];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a dataset exported as Parquet and loaded back', () => {
  it('gives the same report --json', async () => {
    const original = await reported(...samples);
    expect(original.rejected).toBeGreaterThan(0); // malformed.jsonl: rejected rows take part in the round trip
    expect(await reported(...exported)).toEqual(original);
  });

  it('gives the same events per type and the same rejected rows, with their original file and line', async () => {
    const original = await checked(...samples);
    const back = await checked(...exported);
    expect(back.counts_by_type).toEqual(original.counts_by_type);
    const issue = ({ file, line, reason, field, message, raw }: Record<string, unknown>) => ({ file, line, reason, field, message, raw });
    const byPlace = (a: { file: string; line: number }, b: { file: string; line: number }) => a.file.localeCompare(b.file) || a.line - b.line;
    // check names a rejected row's file by the path loaded; an exported row keeps its original file name.
    const originalRejected = original.rejected.map((row: { file: string }) => ({ ...issue(row), file: path.basename(row.file) }));
    expect(back.rejected.map(issue).sort(byPlace)).toEqual(originalRejected.sort(byPlace));
  });

  it('writes one file per table whose row counts are the loaded events and rejected rows', async () => {
    const original = await reported(...samples);
    const rows = (file: string) => {
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 4).toString()).toBe('PAR1');
      return Number(parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).num_rows);
    };
    expect(rows(exported[0])).toBe(original.events);
    expect(rows(exported[1])).toBe(original.rejected);
  });

  it('refuses an output that names a file and a missing --parquet', async () => {
    expect((await cli('export', '--parquet', path.join(dir, 'x.parquet'), samples[0])).code).toBe(2);
    const { code, err } = await cli('export', samples[0]);
    expect(code).toBe(2);
    expect(err[0]).toMatch(/--parquet OUT/);
  });
});
