import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine';
import { checkReportJson } from './check-json';
import { runCheck } from './check-report';
import { formatCheckReport } from './format-check';

const ROWS = 300_000;
const PAGE_ROWS = 10_000;
const retrieval = (id: string) => JSON.stringify({ type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: 's1', retrieval_id: id, returned_asset_ids: ['a1'] });
const weather = (n: number) => `{"type":"weather","n":${n}}`;

let dir: string;
let big: string;
let small: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-check-paged-'));
  big = path.join(dir, 'big.jsonl');
  small = path.join(dir, 'small.jsonl');
  // line 1 an event, lines 2 … 300,001 rejected
  const lines = [retrieval('r1')];
  for (let n = 2; n <= ROWS + 1; n++) lines.push(weather(n));
  writeFileSync(big, `${lines.join('\n')}\n`);
  writeFileSync(small, `${retrieval('r2')}\n{"type":"prompt"\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unknownType = (file: string, n: number) => `${file}:${n}: unknown_type (type): unknown event type "weather"`;

describe('check at 300,000 rejected lines', () => {
  it('reads them a page at a time, and --json and --all write every one in order', async () => {
    let largestResult = 0;
    let pageQueries = 0;
    const counting = (engine: Engine): Engine => ({
      ...engine,
      close: () => engine.close(),
      exec: (sql) => engine.exec(sql),
      insertArrowIPC: (table, ipc) => engine.insertArrowIPC(table, ipc),
      query: async (sql, params) => {
        const rows = await engine.query(sql, params);
        largestResult = Math.max(largestResult, rows.length);
        if (/FROM rejected\s/.test(sql) && /LIMIT \?/.test(sql)) pageQueries++;
        return rows as never;
      },
    });

    const { json, text } = await runCheck([big, small], { kind: 'wasm' }, async (run) => {
      expect(run.totals).toEqual({ rejected: ROWS + 1, warnings: 0 });
      // JSON: one piece per rejected line, kept only at the ends
      const json = { pieces: 0, rejected: [] as string[] };
      let inRejected = false;
      for await (const piece of checkReportJson(run)) {
        json.pieces++;
        if (piece === '  "rejected": [') inRejected = true;
        else if (piece === '  ],') inRejected = false;
        else if (inRejected && (json.rejected.length < 2 || piece.includes(small))) json.rejected.push(piece);
        else if (inRejected && piece.includes(`"line": ${ROWS + 1},`)) json.rejected.push(piece);
      }
      // text, --all: every rejected line and its raw text
      const text = { lines: 0, issues: 0, last: [] as string[], first: [] as string[] };
      for await (const line of formatCheckReport(run, null)) {
        text.lines++;
        if (line.startsWith(`${dir}/`)) text.issues++;
        if (text.first.length < 15) text.first.push(line);
        text.last = [...text.last.slice(-7), line];
      }
      return { json, text };
    }, { pageRows: PAGE_ROWS, wrapEngine: counting });

    expect(largestResult).toBeLessThanOrEqual(PAGE_ROWS);
    // 300,001 rows in pages of 10,000: 31 pages for --json, 30 + 1 for the two files of --all
    expect(pageQueries).toBeGreaterThanOrEqual(2 * Math.ceil((ROWS + 1) / PAGE_ROWS));

    expect(json.pieces).toBe(ROWS + 1 + 8);
    const item = (piece: string) => JSON.parse(piece.replace(/,$/, ''));
    expect(json.rejected.map(item)).toEqual([
      { file: big, line: 2, reason: 'unknown_type', field: 'type', message: 'unknown event type "weather"', raw: weather(2) },
      { file: big, line: 3, reason: 'unknown_type', field: 'type', message: 'unknown event type "weather"', raw: weather(3) },
      { file: big, line: ROWS + 1, reason: 'unknown_type', field: 'type', message: 'unknown event type "weather"', raw: weather(ROWS + 1) },
      { file: small, line: 2, reason: 'invalid_json', field: null, message: expect.stringContaining('JSON'), raw: '{"type":"prompt"' },
    ]);

    expect(text.issues).toBe(ROWS + 1);
    expect(text.first[10]).toBe('Rejected lines: 300,001');
    expect(text.first.slice(-4)).toEqual([unknownType(big, 2), `    ${weather(2)}`, unknownType(big, 3), `    ${weather(3)}`]);
    expect(text.last).toEqual([
      unknownType(big, ROWS + 1),
      `    ${weather(ROWS + 1)}`,
      expect.stringMatching(new RegExp(`^${small}:2: invalid_json: `)),
      '    {"type":"prompt"',
      '',
      'Reference warnings: none',
      '',
      '2 events, 300,001 rejected, 0 warnings in 2 files',
    ]);
  }, 240_000);

  it('as the user runs it: the first 20 rejected lines of each file, how many more, and exit 1', async () => {
    const bin = fileURLToPath(new URL('../../bin/retrieval-inspector.mjs', import.meta.url));
    const result = await promisify(execFile)(process.execPath, [bin, 'check', big, small]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(result.code).toBe(1);
    const out = result.stdout.split('\n');
    const heading = out.indexOf('Rejected lines: 300,001');
    expect(heading).toBeGreaterThan(0);
    expect(out.slice(heading + 1, heading + 3)).toEqual([unknownType(big, 2), `    ${weather(2)}`]);
    expect(out.slice(heading + 39, heading + 45)).toEqual([
      unknownType(big, 21),
      `    ${weather(21)}`,
      `  … and 299,980 more rejected lines in ${big}: \`check --all\` lists every one, \`check --json\` writes them all`,
      expect.stringMatching(new RegExp(`^${small}:2: invalid_json: `)),
      '    {"type":"prompt"',
      '',
    ]);
    expect(out.at(-2)).toBe('2 events, 300,001 rejected, 0 warnings in 2 files');
    expect(out.length).toBeLessThan(100);
  }, 240_000);
});
