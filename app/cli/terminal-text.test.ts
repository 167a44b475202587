import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { processIo } from './io';
import { main } from './main';
import { terminalText } from './terminal-text';

const ESC = '\u001b';
/** Clears the screen, homes the cursor and retitles the window: what a log line could do to a terminal. */
const REWRITE = `${ESC}[2J${ESC}[H${ESC}]0;owned\u0007`;
/** Any character a terminal acts on instead of showing. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const dir = mkdtempSync(path.join(os.tmpdir(), 'ri-terminal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('terminalText', () => {
  it.each([
    [`a${ESC}[31mred`, 'a\\u001b[31mred'],
    ['tab\there\r\nnext', 'tab\\u0009here\\u000d\\u000anext'],
    ['csi\u009b2J del\u007f', 'csi\\u009b2J del\\u007f'],
    ['name\u202Elmth.jsonl', 'name\\u202elmth.jsonl'],
    ['\u2066iso\u2069 \u200f \u2028', '\\u2066iso\\u2069 \\u200f \\u2028'],
    ['plain ü — 漢字 🙂', 'plain ü — 漢字 🙂'],
  ])('escapes %j as %j', (text, expected) => expect(terminalText(text)).toBe(expected));

  it('keeps JSON valid and equal once parsed', () => {
    const value = { text: `x\u202Ey\u009b${ESC}` };
    expect(JSON.parse(terminalText(JSON.stringify(value)))).toEqual(value);
  });
});

describe('the command line prints log text inert', () => {
  const file = path.join(dir, `evil${REWRITE}\u202Elmth.jsonl`);
  writeFileSync(file, [
    JSON.stringify({ type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: `s${REWRITE}`, retrieval_id: 'r1', returned_asset_ids: ['a1'] }),
    `not json ${REWRITE} \u009b31m \u202Etxt.exe`,
    JSON.stringify({ type: `weather${REWRITE}`, ts: 1 }),
    JSON.stringify({ type: 'action', ts: 1790000000000, session_id: 's1', actor: 'user', action: 'use', consumed_asset_id: 'a1', source_retrieval_id: `r-missing${REWRITE}` }),
  ].join('\n') + '\n');

  it('check: file names, messages, raw text and warnings have no control characters', async () => {
    const out: string[] = [];
    const err: string[] = [];
    expect(await main(['check', file], { out: (line) => out.push(line), err: (line) => err.push(line) })).toBe(1);
    const text = [...out, ...err].join('\n');
    expect(text).toContain('Rejected lines: 2');
    expect(text).toContain('not json \\u001b[2J\\u001b[H\\u001b]0;owned\\u0007 \\u009b31m \\u202etxt.exe');
    expect(text).toContain('evil\\u001b[2J');
    expect(text).toContain('\\u202elmth.jsonl');
    for (const line of [...out, ...err]) expect(line).not.toMatch(CONTROL);
  });

  it('check --json through the process streams: valid JSON with the same values, no raw controls', async () => {
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await main(['check', '--json', file], processIo);
    } finally {
      vi.restoreAllMocks();
    }
    expect(write).toHaveBeenCalled();
    const text = written.join('');
    expect(text.replaceAll('\n', '')).not.toMatch(CONTROL);
    const report = JSON.parse(text) as { rejected: { raw: string }[] };
    expect(report.rejected.map((issue) => issue.raw)).toContain(`not json ${REWRITE} \u009b31m \u202Etxt.exe`);
  });
});
