import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main';

const TS = '2026-10-01T10:00:00Z';
const retrieval = (id: string) => ({ type: 'retrieval', ts: TS, session_id: 's1', retrieval_id: id, returned_asset_ids: ['a1'] });
const jsonl = (...lines: unknown[]) => lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-check-broken-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function checkJson(...paths: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['check', '--json', ...paths], { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, report: JSON.parse(out.join('\n')) as { files: { events: number; error: string | null }[]; rejected: { line: number; reason: string; field: string | null }[] }, err };
}

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

  it('the same file given twice is read once, and the second time says why', async () => {
    mkdirSync(path.join(dir, 'copy'));
    const first = path.join(dir, 'day.jsonl');
    const copy = path.join(dir, 'copy', 'day.jsonl');
    writeFileSync(first, jsonl(retrieval('r1')));
    writeFileSync(copy, jsonl(retrieval('r1')));
    const { report, err } = await checkJson(first, copy);
    expect(report.files.map((f) => [f.events, f.error])).toEqual([[1, null], [0, 'this file was already loaded; it was skipped so that its events are not stored twice']]);
    expect(report.rejected).toEqual([]);
    expect(err).toEqual([`retrieval-inspector check: cannot read ${copy}: this file was already loaded; it was skipped so that its events are not stored twice`]);
  });
});
