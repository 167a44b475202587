import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliOnce } from './run-in-process';

/**
 * 30 queries, each answered once by every retriever; the one relevant asset `g` (grade 1) at a
 * retriever's rank for that query, nine unjudged fillers around it:
 * - dense: rank 1 everywhere (nDCG 1, RR 1, P@1 1);
 * - slow: rank 5 everywhere (nDCG 1/log2 6 ≈ 0.3869, RR 0.2, P@1 0): clearly worse than dense;
 * - mixed: against `twos` (rank 2 everywhere, nDCG 1/log2 3 ≈ 0.6309) rank 1 on queries 0–9 (+0.3691
 *   each) and rank 4 on 10–29 (1/log2 5 − 1/log2 3 ≈ −0.2003 each): mean ≈ −0.0105, far from significant.
 */
const QUERIES = 30;
const RANKS: Record<string, (query: number) => number> = {
  dense: () => 1,
  slow: () => 5,
  twos: () => 2,
  mixed: (query) => (query < 10 ? 1 : 4),
};

function events(): object[] {
  return Object.entries(RANKS).flatMap(([retriever, rankOf]) =>
    Array.from({ length: QUERIES }, (_, query) => {
      const id = `${retriever}-${query}`;
      const returned = Array.from({ length: 10 }, (_, i) => (i + 1 === rankOf(query) ? 'g' : `filler-${i}`));
      return [
        { type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: `s-${query}`, request_id: id, retrieval_id: id, retriever, query: `question ${query}`, returned_asset_ids: returned },
        { type: 'label', kind: 'relevance', retrieval_id: id, asset_id: 'g', grade: 1 },
      ];
    }).flat(),
  );
}

let dir: string;
let logs: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-compare-'));
  logs = path.join(dir, 'trial.jsonl');
  writeFileSync(logs, events().map((event) => JSON.stringify(event)).join('\n') + '\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function report(...args: string[]) {
  return runCli(['report', ...args]);
}

/** `compare` of `report --json`; the same slices asked again reuse the first run's output. */
const compareOf = async (...args: string[]) => JSON.parse((await runCliOnce(['report', '--json', ...args, logs])).out.join('\n')).compare;

const NDCG_RANK = (rank: number) => 1 / Math.log2(rank + 1);

describe('report --a/--b', () => {
  it('adds `compare` with exactly the keys of docs/metrics.md "The report"', async () => {
    const compare = await compareOf('--a', 'retriever=dense', '--b', 'retriever=slow');
    expect(Object.keys(compare).sort()).toEqual(['a', 'b', 'judged_at_k', 'paired', 'pool', 'settled', 'tier1', 'tier2']);
    expect(compare.a).toEqual({ retriever: ['dense'] });
    expect(Object.keys(compare.tier1).sort()).toEqual(['empty_result_rate', 'judged', 'mrr', 'ndcg_at_k', 'p_at_1', 'p_at_k', 'recall_at_k', 'retrievals']);
    expect(Object.keys(compare.tier2).sort()).toEqual(['acr', 'gpr', 'orf', 'retrievals', 'uor']);
    expect(Object.keys(compare.paired).sort()).toEqual(['mrr', 'ndcg_at_k', 'p_at_1', 'p_at_k', 'recall_at_k', 'pairs'].sort());
    expect(Object.keys(compare.paired.mrr).sort()).toEqual(['ci_high', 'ci_low', 'mean_delta', 'p_value']);
    expect(compare.tier1.retrievals).toEqual({ a: 30, b: 30, delta: 0 });
    expect(compare.tier1.mrr).toEqual({ a: 1, b: 0.2, delta: 0.2 - 1 });
    expect(await compareOf()).toBeUndefined();
  });

  it('judged depth, settled and the pool: nine unjudged fillers in every list leave no figure settled', async () => {
    const compare = await compareOf('--a', 'retriever=dense', '--b', 'retriever=slow');
    // one labeled asset (g) among the first 10 of each list
    expect(compare.judged_at_k).toEqual({ a: 0.1, b: 0.1 });
    // with every filler relevant, dense stays at P@1 1, nDCG 1, MRR 1 and slow reaches them (a filler at rank 1):
    // B − A in [slow low − 1, 1 − 1] = [·, 0] holds 0; P@10: [0.1 − 1, 1 − 0.1] holds 0
    expect(compare.settled).toEqual({ p_at_1: false, p_at_k: false, ndcg_at_k: false, mrr: false });
    // per query, dense's fillers 1–9 and slow's 0–3 and 5–9: filler-0 … filler-9, in 30 queries
    expect(compare.pool).toBe(300);
    const text = (await report('--a', 'retriever=dense', '--b', 'retriever=slow', logs)).out.join('\n');
    expect(text).toContain('Judged@10: A 0.1000, B 0.1000; pool: 300 unlabeled (query, asset) items');
    expect(text).toMatch(/P@1 +−1\.0000 +\[−1\.0000, −1\.0000\] +.+? +\[−1\.0000, 0\.0000\] +not settled/);
  });

  it('paired: every query pairs; equal deltas give a collapsed interval and the smallest random-flip p', async () => {
    const { paired } = await compareOf('--a', 'retriever=dense', '--b', 'retriever=slow');
    expect(paired.pairs).toBe(30);
    const delta = NDCG_RANK(5) - 1;
    expect(paired.ndcg_at_k.mean_delta).toBeCloseTo(delta, 12);
    expect(paired.ndcg_at_k.ci_low).toBeCloseTo(delta, 12);
    expect(paired.ndcg_at_k.ci_high).toBeCloseTo(delta, 12);
    // only the observed signs and their mirror reach |mean|: 2 of 2^30, so no random flip does
    expect(paired.ndcg_at_k.p_value).toBe(1 / 100_001);
    expect(paired.p_at_1).toMatchObject({ mean_delta: -1, ci_low: -1, ci_high: -1 });
  });

  it('--fail-if-worse: exit 1 and one line on stderr when B is significantly worse', async () => {
    const { code, err, out } = await report('--a', 'retriever=dense', '--b', 'retriever=slow', '--fail-if-worse', 'ndcg_at_k', logs);
    expect(code).toBe(1);
    expect(err).toEqual([expect.stringMatching(/^retrieval-inspector report: B is significantly worse than A on ndcg_at_k: mean delta -0\.6131 over 30 paired queries, 95% interval \[-0\.6131, -0\.6131\], p = 1\.0e-5$/)]);
    expect(out.join('\n')).toContain('Comparison — A: retriever=dense; B: retriever=slow');
  });

  it('--fail-if-worse: exit 0 when B is better', async () => {
    const { code, err } = await report('--a=retriever=slow', '--b=retriever=dense', '--fail-if-worse=ndcg_at_k', '--json', logs);
    expect({ code, err }).toEqual({ code: 0, err: [] });
  });

  it('--fail-if-worse: exit 0 when B is a little worse on average but not significantly', async () => {
    const { code, err, out } = await report('--json', '--a', 'retriever=twos', '--b', 'retriever=mixed', '--fail-if-worse', 'ndcg_at_k', logs);
    expect({ code, err }).toEqual({ code: 0, err: [] });
    const { ndcg_at_k: ndcg } = JSON.parse(out.join('\n')).compare.paired;
    const up = NDCG_RANK(1) - NDCG_RANK(2);
    const down = NDCG_RANK(4) - NDCG_RANK(2);
    expect(ndcg.mean_delta).toBeCloseTo((10 * up + 20 * down) / 30, 12);
    expect(ndcg.mean_delta).toBeLessThan(0);
    expect(ndcg.p_value).toBeGreaterThan(0.5);
    expect(ndcg.ci_low).toBeLessThan(0);
    expect(ndcg.ci_high).toBeGreaterThan(0);
  });

  it('several filters per slice, and the same slice on both sides: every delta 0, p = 1', async () => {
    const compare = await compareOf('--a', 'retriever=dense', '--a', 'from=2026-09-01', '--b', 'retriever=dense,slow', '--b', 'retriever=twos');
    expect(compare.a).toEqual({ retriever: ['dense'], from: '2026-09-01' });
    expect(compare.b).toEqual({ retriever: ['dense', 'slow', 'twos'] });
    expect(compare.tier1.retrievals).toEqual({ a: 30, b: 90, delta: 60 });
    const same = await compareOf('--a', 'retriever=mixed', '--b', 'retriever=mixed');
    expect(same.paired.mrr).toEqual({ mean_delta: 0, ci_low: 0, ci_high: 0, p_value: 1 });
  });

  it('--k applies to both slices', async () => {
    const compare = await compareOf('--k', '1', '--a', 'retriever=twos', '--b', 'retriever=dense');
    // P@1: the relevant asset at rank 2 (twos) and rank 1 (dense)
    expect(compare.tier1.p_at_k).toEqual({ a: 0, b: 1, delta: 1 });
    expect(compare.paired.p_at_k).toMatchObject({ mean_delta: 1, ci_low: 1, ci_high: 1 });
  });

  it('prints a readable comparison after the report', async () => {
    const { code, out } = await report('--a', 'retriever=twos', '--b', 'retriever=mixed', logs);
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(/Tier 1 Retrievals\s+30\s+30\s+0/);
    expect(text).toMatch(/Paired by query: 30 paired queries \(judged in both slices\); 0 queries judged in A only, 0 queries in B only/);
    // MRR: 10 × (1 − 1/2) + 20 × (1/4 − 1/2) = 0, so every flip reaches it
    expect(text).toMatch(/MRR\s+0\.0000\s+\[−0\.\d{4}, \+0\.\d{4}\]\s+1\.0000/);
    expect(text).toMatch(/nDCG@10\s+−0\.0105\s+\[−0\.\d{4}, \+0\.\d{4}\]\s+0\.\d{4}/);
    expect(text).toMatch(/Largest losses on nDCG@10\n\s+query\s+A\s+B\s+B − A\s+judged A\s+judged B\n\s+question 1\d\s+0\.6309\s+0\.4307\s+−0\.2003\s+1\s+1/);
    expect(text).toMatch(/Largest gains on nDCG@10\n\s+query.*\n\s+question \d\s+0\.6309\s+1\.0000\s+\+0\.3691/);
  });

  it.each([
    [['--a', 'retriever=dense'], /--a needs --b/],
    [['--b', 'retriever=dense'], /--b needs --a/],
    [['--a', 'engine=dense', '--b', 'retriever=x'], /--a "engine=dense": a filter is key=value/],
    [['--a', 'retriever=dense', '--b', 'from=yesterday'], /--b "from" must be an ISO-8601 date/],
    [['--b', 'retriever=dense', '--a='], /--a needs a value/],
    [['--fail-if-worse', 'ndcg_at_k'], /--fail-if-worse needs --a and --b/],
    [['--a', 'retriever=dense', '--b', 'retriever=slow', '--fail-if-worse', 'ndcg'], /--fail-if-worse takes one of p_at_1, p_at_k, recall_at_k, ndcg_at_k, mrr, not "ndcg"/],
  ])('bad arguments %j: a message and exit code 2', async (args, message) => {
    const { code, err } = await report(...args, 'x.jsonl');
    expect(code).toBe(2);
    expect(err[0]).toMatch(message);
  });

  it('gives the same comparison and exit code on the native engine', async () => {
    const args = ['--json', '--a', 'retriever=twos', '--b', 'retriever=mixed', '--fail-if-worse', 'mrr', logs];
    const wasm = await report(...args);
    const native = await report('--engine', 'native', '--threads', '4', ...args);
    expect(native).toEqual(wasm);
    const worse = ['--a', 'retriever=dense', '--b', 'retriever=slow', '--fail-if-worse', 'p_at_1', logs];
    expect(await report('--engine', 'native', ...worse)).toEqual(await report(...worse));
  });
});
