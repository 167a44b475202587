import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-in-process';

/**
 * Six retrievals that logged a BM25 and a vector stage, one query each (`question i`), with
 * query labels: `gold-i` grade 2, `f1-i` grade 0, the rest unlabeled.
 * - X (i = 0–2): bm25 [f1, gold, f2], vector [f3, f1, gold], logged [f2, f1, gold].
 *   rrf:20: f1 = 1/21 + 1/22 = 0.093074, gold = 1/22 + 1/23 = 0.088933, f3 = 1/21 = 0.047619,
 *   f2 = 1/23 = 0.043478 → [f1, gold, f3, f2]: gold from rank 3 to 2.
 * - Y (i = 3–5): bm25 [gold, f1], vector [f2, f3], logged [gold, f2].
 *   rrf:20: gold = f2 = 1/21, both best at rank 1 → f2 (its id sorts first); f1 = f3 = 1/22 →
 *   [f2, gold, f1, f3]: gold from rank 1 to 2.
 * A seventh retrieval logged no stages: no pipeline is defined for it.
 */
const X = (i: number) => ({ bm25: [`f1-${i}`, `gold-${i}`, `f2-${i}`], vector: [`f3-${i}`, `f1-${i}`, `gold-${i}`], logged: [`f2-${i}`, `f1-${i}`, `gold-${i}`], rrf20: [`f1-${i}`, `gold-${i}`, `f3-${i}`, `f2-${i}`] });
const Y = (i: number) => ({ bm25: [`gold-${i}`, `f1-${i}`], vector: [`f2-${i}`, `f3-${i}`], logged: [`gold-${i}`, `f2-${i}`], rrf20: [`f2-${i}`, `gold-${i}`, `f1-${i}`, `f3-${i}`] });
const SHAPES = [X(0), X(1), X(2), Y(3), Y(4), Y(5)];

const retrieval = (id: string, query: string, returned: string[], extra: object = {}) => ({
  type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: `s-${id}`, request_id: id, retrieval_id: id, query, returned_asset_ids: returned, ...extra,
});
const labels = (i: number) => [
  { type: 'label', kind: 'relevance', query: `question ${i}`, asset_id: `gold-${i}`, grade: 2 },
  { type: 'label', kind: 'relevance', query: `question ${i}`, asset_id: `f1-${i}`, grade: 0 },
];

/** The logged traffic, stages included. */
const staged = () => [
  ...SHAPES.flatMap((shape, i) => [
    retrieval(`r-${i}`, `question ${i}`, shape.logged, { stages: [{ name: 'bm25', kind: 'retriever', asset_ids: shape.bm25 }, { name: 'vector', kind: 'retriever', asset_ids: shape.vector }] }),
    ...labels(i),
  ]),
  retrieval('r-plain', 'question 6', ['gold-6']), ...labels(6),
];

/** The same queries with the re-ranked lists (worked out above) logged as a second run. */
const asRuns = () => SHAPES.flatMap((shape, i) => [
  retrieval(`logged-${i}`, `question ${i}`, shape.logged, { run_id: 'logged' }),
  retrieval(`rrf-${i}`, `question ${i}`, shape.rrf20, { run_id: 'rrf20' }),
  ...labels(i),
]);

/** 20 retrievals of shape Y: rrf:20 moves gold from rank 1 to 2 in every one. */
const allLosing = () => Array.from({ length: 20 }, (_, i) => [
  retrieval(`r-${i}`, `question ${i}`, Y(i).logged, { stages: [{ name: 'bm25', kind: 'retriever', asset_ids: Y(i).bm25 }, { name: 'vector', kind: 'retriever', asset_ids: Y(i).vector }] }),
  ...labels(i),
]).flat();

let dir: string;
const files: Record<'staged' | 'runs' | 'losing', string> = { staged: '', runs: '', losing: '' };
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-what-if-'));
  for (const [name, events] of [['staged', staged()], ['runs', asRuns()], ['losing', allLosing()]] as const) {
    files[name] = path.join(dir, `${name}.jsonl`);
    writeFileSync(files[name], events.map((event) => JSON.stringify(event)).join('\n') + '\n');
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const reportJson = async (...args: string[]) => {
  const run = await runCli(['report', '--json', ...args]);
  expect(run.err).toEqual([]);
  return JSON.parse(run.out.join('\n'));
};

describe('report --what-if', () => {
  it('equals loading the re-ranked lists as logged retrievals and comparing with --a/--b', async () => {
    const { what_if: whatIf } = await reportJson('--what-if', 'rrf:20', files.staged);
    const { compare } = await reportJson('--a', 'run_id=logged', '--b', 'run_id=rrf20', files.runs);
    expect(Object.keys(whatIf).sort()).toEqual(['a', 'b', 'judged_at_k', 'paired', 'pipeline', 'pool', 'retrievals', 'settled', 'tier1']);
    expect({ pipeline: whatIf.pipeline, retrievals: whatIf.retrievals, a: whatIf.a, b: whatIf.b }).toEqual({ pipeline: 'rrf:20', retrievals: 6, a: 'logged', b: 'rrf:20' });
    for (const key of ['tier1', 'paired', 'judged_at_k', 'settled', 'pool']) expect([key, whatIf[key]]).toEqual([key, compare[key]]);
    // MRR by hand: logged X 1/3, Y 1 → (1 + 3) / 6; rrf:20 gold at rank 2 everywhere → 0.5
    expect(whatIf.tier1.mrr.a).toBeCloseTo(4 / 6, 12);
    expect(whatIf.tier1.mrr.b).toBeCloseTo(0.5, 12);
    expect(whatIf.paired.pairs).toBe(6);
  });

  it('--fail-if-worse: exit 1 when the pipeline loses on the logged traffic, 0 when it does not', async () => {
    const losing = await runCli(['report', '--what-if', 'rrf:20', '--fail-if-worse', 'mrr', files.losing]);
    expect(losing.code).toBe(1);
    // RR 1 → 0.5 in each of 20: every delta −0.5; only the two all-equal sign vectors of 100,000 random ones reach |mean| 0.5
    expect(losing.err).toEqual([expect.stringMatching(/^retrieval-inspector report: rrf:20 is significantly worse than the logged lists on mrr: mean delta -0\.5000 over 20 paired retrievals, 95% interval \[-0\.5000, -0\.5000\], p = /)]);
    expect(losing.out.join('\n')).toContain('What-if rrf:20 — A: the logged lists');
    expect(losing.out.join('\n')).toContain('Only the logged candidates can be ranked');
    // bm25 alone keeps gold first: every delta 0
    const same = await runCli(['report', '--json', '--what-if', 'stage:bm25', '--fail-if-worse', 'mrr', files.losing]);
    expect({ code: same.code, err: same.err }).toEqual({ code: 0, err: [] });
  });

  it.each([
    [['--what-if', 'rrf:x'], /--what-if "rrf:x": k of rrf is a number/],
    [['--what-if', 'fuse'], /a pipeline is stage:<name>, rrf:<k>, weighted:<w>, norerank or cut:<n>/],
    [['--what-if', 'rrf:20', '--what-if', 'norerank'], /--what-if is given twice/],
  ])('bad arguments %j: a message and exit code 2', async (args, message) => {
    const run = await runCli(['report', ...args, files.staged]);
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toMatch(message);
  });
});
