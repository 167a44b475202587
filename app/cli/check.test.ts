import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSdkTraces } from '../ingest/otlp/sdk-fixture';
import { main } from './main';

const retrieval = { type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: 's1', retrieval_id: 'r1', returned_asset_ids: ['a1', 'a2'] };
const action = { type: 'action', ts: 1790000000000, session_id: 's1', actor: 'user', action: 'export', consumed_asset_id: 'a1', source_retrieval_id: 'r1' };
const jsonl = (...lines: unknown[]) => lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n';

let dir: string;
let good: string;
let bad: string;
let orphan: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-check-'));
  good = path.join(dir, 'good.jsonl');
  bad = path.join(dir, 'bad.jsonl');
  orphan = path.join(dir, 'orphan.jsonl');
  writeFileSync(good, jsonl(retrieval, action, action));
  writeFileSync(bad, jsonl({ ...retrieval, retrieval_id: 'r2' }, '', '{"type":"prompt"', { type: 'weather', ts: 1 }));
  writeFileSync(orphan, jsonl({ ...action, source_retrieval_id: 'r-missing' }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function check(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['check', ...args], { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

describe('retrieval-inspector check', () => {
  it('passes a clean file and prints its counts per type', async () => {
    const { code, out, err } = await check(good);
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out.slice(0, 5)).toEqual(['Events by type', '  type       events', '  action          2', '  retrieval       1', '  total           3']);
    expect(out).toContain('Rejected lines: none');
    expect(out.at(-1)).toBe('3 events, 0 rejected, 0 warnings in 1 file');
  });

  it('fails on rejected lines and lists each as file:line: reason with its raw text', async () => {
    const { code, out } = await check(good, bad);
    expect(code).toBe(1);
    const fileRow = out.find((line) => line.startsWith(`  ${bad} `));
    expect(fileRow?.trim().split(/\s+/)).toEqual([bad, '1', '2', '1']);
    const rejected = out.indexOf('Rejected lines: 2');
    expect(out[rejected + 1].startsWith(`${bad}:3: invalid_json: `)).toBe(true);
    expect(out[rejected + 2]).toBe('    {"type":"prompt"');
    expect(out[rejected + 3]).toBe(`${bad}:4: unknown_type (type): unknown event type "weather"`);
    expect(out[rejected + 4]).toBe('    {"type":"weather","ts":1}');
  });

  it('reports unknown references as warnings without failing', async () => {
    const { code, out } = await check(orphan);
    expect(code).toBe(0);
    expect(out).toContain(
      `${orphan}:1: warning: unknown_reference (source_retrieval_id): "source_retrieval_id" names retrieval "r-missing", which no loaded event defines`,
    );
  });

  it('reads OpenTelemetry traces and counts the spans no event covers by kind', async () => {
    const traces = path.join(dir, 'collector.otlp.jsonl');
    writeFileSync(traces, (await buildSdkTraces()).jsonLines);
    const { code, out } = await check(traces);
    expect(code).toBe(0);
    expect(out).toContain('4 spans not mapped: AGENT 1, LLM 1, execute_tool 1, invoke_agent 1 (OpenTelemetry spans kept for the session timeline, not events)');
    expect(out.find((line) => line.startsWith(`  ${traces} `))?.trim().split(/\s+/)).toEqual([traces, '11', '0', '0', '4']);
    // the agent used doc-a, which the GenAI retrieval returned without content: no catalog entry names it
    expect(out).toContain(`${traces}:2: warning: unknown_reference (consumed_asset_id): "consumed_asset_id" names asset "doc-a", which no loaded event defines`);
    expect(out.at(-1)).toBe('11 events, 0 rejected, 1 warning in 1 file');
    const json = JSON.parse((await check('--json', traces)).out.join('\n'));
    expect(json.unmapped_spans).toEqual({ AGENT: 1, LLM: 1, execute_tool: 1, invoke_agent: 1 });
    // a third action: the agent's use of kb-refunds, derived from the LLM span that read its text
    expect(json.counts_by_type).toEqual({ retrieval: 4, asset: 3, action: 3, feedback: 1 });
  });

  it('names a missing file and fails', async () => {
    const missing = path.join(dir, 'missing.jsonl');
    const { code, err } = await check(good, missing);
    expect(code).toBe(1);
    expect(err).toEqual([`retrieval-inspector check: cannot read ${missing}: no such file`]);
  });

  it('--json prints one object with files, counts, rejected lines and warnings', async () => {
    const { code, out } = await check('--json', bad, orphan);
    expect(code).toBe(1);
    const report = JSON.parse(out.join('\n'));
    expect(report.files).toEqual([
      { path: bad, read: 'whole', events: 1, rejected: 2, blank_lines: 1, unmapped_spans: 0, derived_ids: null, read_up_to_line: null, error: null, notice: null },
      { path: orphan, read: 'whole', events: 1, rejected: 0, blank_lines: 0, unmapped_spans: 0, derived_ids: null, read_up_to_line: null, error: null, notice: null },
    ]);
    expect(report.counts_by_type).toEqual({ action: 1, retrieval: 1 });
    expect(report.rejected.map((r: { file: string; line: number; reason: string }) => [r.file, r.line, r.reason])).toEqual([
      [bad, 3, 'invalid_json'],
      [bad, 4, 'unknown_type'],
    ]);
    expect(report.rejected[1].raw).toBe('{"type":"weather","ts":1}');
    expect(report.warnings).toEqual([
      { file: orphan, line: 1, reason: 'unknown_reference', field: 'source_retrieval_id', message: expect.stringContaining('r-missing') },
    ]);
  });
});

describe('the dispatcher', () => {
  it('prints usage for no arguments and for --help', async () => {
    for (const argv of [[], ['--help']]) {
      const out: string[] = [];
      expect(await main(argv, { out: (line) => out.push(line), err: () => {} })).toBe(0);
      expect(out[0]).toMatch(/^Usage: retrieval-inspector/);
    }
  });

  it('prints usage to stderr and returns 2 for an unknown command', async () => {
    const err: string[] = [];
    expect(await main(['frobnicate'], { out: () => {}, err: (line) => err.push(line) })).toBe(2);
    expect(err[0]).toBe('retrieval-inspector: unknown command "frobnicate"');
    expect(err).toContain('Usage: retrieval-inspector <command> [options]');
  });
});

describe('bin/retrieval-inspector.mjs', () => {
  it('runs as a child process and exits 1 naming the rejected line', async () => {
    const bin = fileURLToPath(new URL('../../bin/retrieval-inspector.mjs', import.meta.url));
    const result = await promisify(execFile)(process.execPath, [bin, 'check', bad]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${bad}:3: invalid_json`);
  });
});
