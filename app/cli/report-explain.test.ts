import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-in-process';

/** 30 retrievals by `slow` of which 20 returned nothing, 30 by `fast` of which 2 did; every query two words. */
function events(): object[] {
  return ['slow', 'fast'].flatMap((retriever) => Array.from({ length: 30 }, (_, i) => {
    const empty = retriever === 'slow' ? i < 20 : i < 2;
    const id = `${retriever}-${i}`;
    return { type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: `s-${id}`, request_id: id, retrieval_id: id, retriever, query: 'two words', returned_asset_ids: empty ? [] : ['a'] };
  }));
}

let dir: string;
let logs: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-explain-'));
  logs = path.join(dir, 'empty.jsonl');
  writeFileSync(logs, events().map((event) => JSON.stringify(event)).join('\n') + '\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('report --explain', () => {
  it('adds `explain` with the keys of docs/metrics.md "The report": the slow retriever first', async () => {
    const { code, out } = await runCli(['report', '--json', '--explain', 'empty', logs]);
    expect(code).toBe(0);
    const { explain } = JSON.parse(out.join('\n'));
    expect(Object.keys(explain)).toEqual(['signal', 'population', 'hits', 'slices']);
    expect(explain).toMatchObject({ signal: 'empty', population: 60, hits: 22 });
    // results=0 is every empty retrieval (rate 1); then slow (20 of 30) with its equals: each other attribute is the same on every retrieval
    expect(explain.slices.map((slice: { slice: object }) => slice.slice)).toEqual([{ results: '0' }, { retriever: 'slow' }]);
    const [, slow] = explain.slices;
    expect(Object.keys(slow)).toEqual(['slice', 'n', 'hits', 'rate', 'lift', 'ci_low', 'ci_high', 'p_value', 'q_value']);
    expect(slow).toMatchObject({ n: 30, hits: 20, rate: 20 / 30, lift: (20 / 30) / (22 / 60) });
  });

  it('prints the top slices as a table in the text report, and refuses what it cannot read', async () => {
    const text = (await runCli(['report', '--explain', 'empty', '--min-support', '25', logs])).out.join('\n');
    expect(text).toContain('Why here? Empty results: 22 hits in 60 retrievals (36.7%)');
    expect(text).toMatch(/retriever=slow +30 +20 +66\.7% +\d+\.\d%–\d+\.\d% +1\.82× +/);
    expect(text).not.toContain('results=0');
    expect((await runCli(['report', '--explain', 'nope', logs])).err.join('\n')).toContain('--explain takes one of masked, tier1_bad, orf, empty, down, not "nope"');
    expect((await runCli(['report', '--min-support', '5', logs])).err.join('\n')).toContain('--min-support needs --explain');
  });
});
