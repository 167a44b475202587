import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSdkTraces } from '../ingest/otlp/sdk-fixture';
import { generatedLog } from './generated-log-fixture';
import { runCli } from './run-in-process';
import { sampleLogPath } from '../ingest/sample-logs-path';

const SAMPLE_FILES = ['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz', 'multihop-qa.json', 'customer-service.jsonl', 'retrieval-trial.jsonl', 'malformed.jsonl'];

async function cli(...args: string[]) {
  const { code, out, err } = await runCli(args);
  return { code, out: out.join('\n'), err };
}

/** The same command on both engines, native on 4 threads; the whole output, byte for byte, and the exit code must agree. */
async function onBothEngines(...args: string[]) {
  const [wasm, native] = [await cli(...args), await cli(...args.slice(0, 1), '--engine', 'native', '--threads', '4', ...args.slice(1))];
  return { wasm, native };
}

let dir: string;
const samples = SAMPLE_FILES.map((name) => sampleLogPath(name));
let generated: string;
let partitioned: string;
let partitionFiles: string[];
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-native-'));
  generated = path.join(dir, 'generated.jsonl');
  writeFileSync(generated, generatedLog(600));
  // A directory partitioned by day, with files in an order that differs from their names'.
  partitioned = path.join(dir, 'logs');
  const traces = await buildSdkTraces();
  const parts: [string, string][] = [
    ['day=2026-10-02/part-0.jsonl', generatedLog(40)],
    ['day=2026-10-01/b.otlp.json', JSON.stringify(traces.document)],
    ['day=2026-10-01/a.jsonl', generatedLog(25)],
    ['day=2026-10-10/part-0.jsonl', generatedLog(10)],
  ];
  for (const [name, text] of parts) {
    mkdirSync(path.dirname(path.join(partitioned, name)), { recursive: true });
    writeFileSync(path.join(partitioned, name), text);
  }
  partitionFiles = parts.map(([name]) => path.join(partitioned, name)).sort();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--engine native', () => {
  it('gives the same report --json as the wasm engine on all sample logs together', async () => {
    const { wasm, native } = await onBothEngines('report', '--json', ...samples);
    expect(JSON.parse(wasm.out).rejected).toBeGreaterThan(10); // malformed.jsonl's bad lines, so the comparison covers them
    expect(native).toEqual(wasm);
  });

  it.each(SAMPLE_FILES)('gives the same report --json on %s alone', async (name) => {
    const { wasm, native } = await onBothEngines('report', '--json', '--k', '5', sampleLogPath(name));
    expect(native).toEqual(wasm);
  });

  it('gives the same report --json on a generated log with bad lines, under other settings', async () => {
    const { wasm, native } = await onBothEngines('report', '--json', '--k', '3', '--tier1-threshold', '0.7', generated);
    const report = JSON.parse(wasm.out);
    expect(report.rejected).toBeGreaterThan(50);
    expect(report.events).toBeGreaterThan(5000);
    expect(native).toEqual(wasm);
  });

  it('gives the same report --json on Parquet: the generated log exported and loaded back', async () => {
    const exported = path.join(dir, 'parquet');
    expect((await cli('export', '--parquet', exported, generated)).code).toBe(0);
    const files = [path.join(exported, 'events.parquet'), path.join(exported, 'rejected.parquet')];
    const { wasm, native } = await onBothEngines('report', '--json', ...files);
    expect(JSON.parse(wasm.out).rejected).toBeGreaterThan(50);
    expect(native).toEqual(wasm);
  });

  it('gives the same check --json: counts, rejected lines with their line numbers, warnings', async () => {
    const { wasm, native } = await onBothEngines('check', '--json', generated, ...samples);
    expect(wasm.code).toBe(1);
    expect(JSON.parse(wasm.out).rejected.length).toBeGreaterThan(50);
    expect(native).toEqual(wasm);
  });

  it('reads a directory partitioned by day as its files in path order', async () => {
    const fromFiles = await cli('report', '--engine', 'native', '--json', ...partitionFiles);
    const fromDirectory = await cli('report', '--engine', 'native', '--json', partitioned);
    expect(fromFiles.code).toBe(0);
    expect(JSON.parse(fromFiles.out).events).toBeGreaterThan(500);
    expect(fromDirectory).toEqual(fromFiles);
    expect(await cli('report', '--json', partitioned)).toEqual(fromFiles);
    const checked = await cli('check', '--engine=native', '--json', partitioned);
    expect(JSON.parse(checked.out).files.map((file: { path: string }) => file.path)).toEqual(partitionFiles);
  });

  it('gives the same numbers on one thread as on every core under a memory limit, spilling into the given directory', async () => {
    const spill = path.join(dir, 'spill');
    const limited = await cli('report', '--engine=native', '--threads', '1', '--memory-limit', '200MB', '--temp-directory', spill, '--json', generated);
    expect(limited).toEqual(await cli('report', '--engine', 'native', '--json', generated));
  });

  it('refuses an engine it does not have, and native settings without the native engine', async () => {
    const unknown = await cli('report', '--engine', 'gpu', generated);
    expect(unknown.code).toBe(2);
    expect(unknown.err[0]).toBe('retrieval-inspector report: --engine takes wasm, native or clickhouse, not "gpu"');
    const misplaced = await cli('check', '--threads', '4', generated);
    expect(misplaced.code).toBe(2);
    expect(misplaced.err[0]).toBe('retrieval-inspector check: --threads needs --engine native');
    expect((await cli('report', '--engine', 'native', '--threads', '0', generated)).err[0]).toBe('retrieval-inspector report: --threads takes a whole number of 1 or more, not "0"');
  });
});
