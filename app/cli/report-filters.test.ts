import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main';
import { runCli } from './run-in-process';

/**
 * Two retrievals, one per turn: r1 (dense, run base, turn t1: billing) and r2 (hybrid, run new,
 * turn t2: returns, judged P@1 = 1). r1 is judged P@1 = 0.
 */
const turn = (n: number, run: string) => ({ ts: `2026-10-01T10:0${n}:00Z`, session_id: `s${n}`, turn_id: `t${n}`, request_id: `q${n}`, run_id: run });
const events = [
  { type: 'prompt', ...turn(1, 'base'), text: 'invoice?', category: 'billing' },
  { type: 'retrieval', ...turn(1, 'base'), retrieval_id: 'r1', retriever: 'dense', returned_asset_ids: ['a1'] },
  { type: 'prompt', ...turn(2, 'new'), text: 'return?', category: 'returns' },
  { type: 'retrieval', ...turn(2, 'new'), retrieval_id: 'r2', retriever: 'hybrid', returned_asset_ids: ['a2'] },
  { type: 'label', kind: 'relevance', retrieval_id: 'r1', asset_id: 'a9', grade: 1 },
  { type: 'label', kind: 'relevance', retrieval_id: 'r2', asset_id: 'a2', grade: 1 },
];

let dir: string;
let logs: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-report-filters-'));
  logs = path.join(dir, 'logs.jsonl');
  writeFileSync(logs, events.map((event) => JSON.stringify(event)).join('\n') + '\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function reportJson(...args: string[]) {
  const { code, out, err } = await runCli(['report', '--json', ...args, logs]);
  expect({ code, err }).toEqual({ code: 0, err: [] });
  return JSON.parse(out.join('\n'));
}

describe('report --retriever, --run-id, --category', () => {
  it.each([
    [[], { retrievals: 2, judged: 2, p_at_1: 0.5 }, 2],
    [['--retriever', 'dense'], { retrievals: 1, judged: 1, p_at_1: 0 }, 2],
    [['--retriever=hybrid'], { retrievals: 1, judged: 1, p_at_1: 1 }, 2],
    [['--run-id', 'new'], { retrievals: 1, judged: 1, p_at_1: 1 }, 1],
    [['--category', 'billing'], { retrievals: 1, judged: 1, p_at_1: 0 }, 1],
    [['--retriever', 'dense', '--category', 'returns'], { retrievals: 0, judged: 0, p_at_1: null }, 1],
    [['--run-id', 'base,new'], { retrievals: 2, judged: 2, p_at_1: 0.5 }, 2],
  ])('%j keeps the matching retrievals (and prompts by run and category)', async (flags, tier1, prompts) => {
    const json = await reportJson(...flags);
    expect(json.tier1).toMatchObject(tier1);
    expect(json.tier0.prompts).toBe(prompts);
  });

  it('the text report names the filters in its settings line', async () => {
    const out: string[] = [];
    const code = await main(['report', '--retriever', 'dense', '--run-id', 'base', '--category', 'billing', logs], { out: (line) => out.push(line), err: () => {} });
    expect(code).toBe(0);
    expect(out.find((line) => line.startsWith('Settings:'))).toMatch(/; retrievers dense; runs base; categories billing$/);
  });
});
