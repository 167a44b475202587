import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as runQuery } from '../engine/sql/core/run';
import type { Engine } from '../engine/engine';
import { BROKEN_CASES } from '../ingest/broken-input-cases';
import { runCheck, type CheckedFile } from './check-report';
import { runCli } from './run-in-process';

const TS = '2026-10-01T10:00:00Z';
const retrieval = (id: string) => ({ type: 'retrieval', ts: TS, session_id: 's1', retrieval_id: id, returned_asset_ids: ['a1'] });
const jsonl = (...lines: unknown[]) => lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-check-broken-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]) {
  return runCli(args);
}

async function checkJson(...paths: string[]) {
  const { code, out, err } = await run('check', '--json', ...paths);
  return { code, report: JSON.parse(out.join('\n')) as { files: CheckedFile[]; rejected: { line: number; reason: string; field: string | null }[] }, err };
}

const fileRow = (out: string[], file: string) => out.find((line) => line.startsWith(`  ${file} `));

describe('check on broken and hostile records', () => {
  it('nesting 10,000 deep, a prototype-named label kind and epoch seconds: each its own rejected line, the rest stored', async () => {
    const deep = `{"type":"retrieval","ts":"${TS}","session_id":"s1","retrieval_id":"r0","payload":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    const file = path.join(dir, 'hostile.jsonl');
    writeFileSync(file, jsonl(deep, { type: 'label', kind: '__proto__', retrieval_id: 'r1', role: 'find' }, { ...retrieval('r2'), ts: 1790000000 }, retrieval('r1')));
    const { code, report } = await checkJson(file);
    expect(code).toBe(1);
    expect(report.files.map((f) => f.events)).toEqual([1]);
    expect(report.rejected.map((r) => [r.line, r.reason, r.field])).toEqual([[1, 'too_deep', 'payload'], [2, 'wrong_type', 'kind'], [3, 'bad_ts', 'ts']]);
  });
});

describe('check on files not read whole', () => {
  it('the same file under two paths: read once, the second skipped with a notice, and the check passes', async () => {
    mkdirSync(path.join(dir, 'copy'));
    const first = path.join(dir, 'day.jsonl');
    const copy = path.join(dir, 'copy', 'day.jsonl');
    writeFileSync(first, jsonl(retrieval('r1')));
    writeFileSync(copy, jsonl(retrieval('r1')));
    const notice = `skipped: the same file as ${first}, already loaded (its events are not stored twice)`;
    const { code, report, err } = await checkJson(first, copy);
    expect(code).toBe(0);
    expect(report.files.map((f) => [f.read, f.events, f.error, f.notice])).toEqual([['whole', 1, null, null], ['skipped', 0, null, notice]]);
    expect(report.rejected).toEqual([]);
    expect(err).toEqual([`retrieval-inspector check: note: ${copy}: ${notice}`]);

    const text = await run('check', first, copy);
    expect(text.code).toBe(0);
    expect(fileRow(text.out, copy)).toMatch(new RegExp(`  0 +0 +0  ${notice.replace(/[()]/g, '\\$&')}$`));
    expect(text.out.at(-1)).toBe('1 event, 0 rejected, 0 warnings in 2 files, 1 skipped');
    expect(text.out.join('\n')).not.toContain('cannot read');
  });

  it('the same path given twice: read once, and the check passes', async () => {
    const file = path.join(dir, 'twice.jsonl');
    writeFileSync(file, jsonl(retrieval('r1'), retrieval('r2')));
    const { code, report, err } = await checkJson(file, file);
    expect(code).toBe(0);
    expect(report.files.map((f) => [f.read, f.events, f.notice])).toEqual([['whole', 2, null], ['skipped', 0, 'skipped: given more than once, read once (its events are not stored twice)']]);
    expect(err).toEqual([`retrieval-inspector check: note: ${file}: skipped: given more than once, read once (its events are not stored twice)`]);
  });

  it('a gzip file that stops part-way is read up to its last whole line, and fails', async () => {
    const file = path.join(dir, 'garbage.jsonl.gz');
    writeFileSync(file, Buffer.concat([gzipSync(jsonl(retrieval('r1'), retrieval('r2'), retrieval('r3'))), Buffer.from('not gzip')]));
    const { code, report, err } = await checkJson(file);
    expect(code).toBe(1);
    expect(report.files[0]).toMatchObject({ read: 'part', events: 3, read_up_to_line: 3, error: expect.stringContaining('trailing garbage') });
    expect(err).toEqual([`retrieval-inspector check: ${file}: read up to line 3: ${report.files[0].error}`]);
    const text = await run('check', file);
    expect(text.code).toBe(1);
    expect(fileRow(text.out, file)).toMatch(/ 3 +0 +0  read up to line 3: after the gzip data come bytes that are not gzip/);
    expect(text.out.at(-1)).toBe('3 events, 0 rejected, 0 warnings in 1 file, 1 read in part');
  });

  it('a gzip file that is corrupt from the start is not read at all, and fails', async () => {
    const file = path.join(dir, 'corrupt.jsonl.gz');
    writeFileSync(file, BROKEN_CASES.find((c) => c.name === 'corrupt.jsonl.gz')!.bytes);
    const { code, report, err } = await checkJson(file);
    expect(code).toBe(1);
    expect(report.files[0]).toMatchObject({ read: 'none', events: 0, read_up_to_line: null, error: expect.stringContaining('gzip data') });
    expect(err).toEqual([`retrieval-inspector check: cannot read ${file}: ${report.files[0].error}`]);
  });
});

describe('CSV headers named after prototype members', () => {
  it('are ordinary unknown fields: kept in the event, none swallowed, nothing rejected', async () => {
    const file = path.join(dir, 'proto.csv');
    writeFileSync(file, 'type,asset_id,__proto__,constructor,toString\nasset,a1,p,c,t\nasset,a2,,,\n');
    let engine: Engine | null = null;
    const extras = await runCheck([file], { kind: 'wasm' }, async (report) => {
      expect(report.files[0]).toMatchObject({ read: 'whole', events: 2, rejected: 0 });
      return runQuery(engine!, 'SELECT asset_id, extra FROM events ORDER BY asset_id', { asset_id: 'string', extra: 'string|null' });
    }, { wrapEngine: (e) => (engine = e) });
    expect(extras).toEqual([{ asset_id: 'a1', extra: '{"__proto__":"p","constructor":"c","toString":"t"}' }, { asset_id: 'a2', extra: null }]);
    const { code, out } = await run('check', file);
    expect(code).toBe(0);
    expect(out.at(-1)).toBe('2 events, 0 rejected, 0 warnings in 1 file');
  });
});

describe('no internal JavaScript message reaches the user of check or report', () => {
  const INTERNAL = /is not iterable|Invalid string length|Maximum call stack|undefined|\[object Object\]|NaN/;
  const casesDir = () => path.join(dir, 'cases');
  const nanFile = () => path.join(casesDir(), 'nan-infinity.jsonl');
  /** The NaN case's own rejected lines quote its input (`NaN`), which is the user's text, not ours. */
  const withoutNanInput = (lines: string[]) => lines.filter((line, i) => !line.startsWith(`${nanFile()}:`) && !lines[i - 1]?.startsWith(`${nanFile()}:`));

  beforeAll(() => {
    mkdirSync(casesDir());
    for (const { name, bytes } of BROKEN_CASES) writeFileSync(path.join(casesDir(), name), bytes);
  });

  it('check, as text and as JSON', async () => {
    const text = await run('check', '--all', casesDir());
    expect(text.code).toBe(1);
    expect(text.out.some((line) => line.startsWith(`${nanFile()}:2: invalid_json`))).toBe(true);
    for (const line of [...withoutNanInput(text.out), ...text.err]) expect(line).not.toMatch(INTERNAL);

    const json = await run('check', '--json', casesDir());
    const report = JSON.parse(json.out.join('\n'));
    expect(report.files).toHaveLength(BROKEN_CASES.length);
    report.rejected = report.rejected.filter((issue: { file: string }) => issue.file !== nanFile());
    expect(JSON.stringify(report)).not.toMatch(INTERNAL);
    for (const line of json.err) expect(line).not.toMatch(INTERNAL);
  }, 60_000);

  it('report, as text and as JSON', async () => {
    for (const args of [[], ['--json']]) {
      const { out, err } = await run('report', ...args, casesDir());
      const lines = [...out.join('\n').split('\n'), ...err];
      expect(lines.length).toBeGreaterThan(20);
      expect(err.some((line) => line.includes('trailing-garbage.jsonl.gz'))).toBe(true);
      for (const line of lines) expect(line).not.toMatch(INTERNAL);
    }
  }, 60_000);
});
