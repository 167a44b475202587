import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_DATASET } from '../engine/sql/compare/pool-fixture';
import { runCli } from './run-in-process';

/** `export --pool` on the pool's comparison written out by hand (engine/sql/compare/pool-fixture.ts, K = 3). */
const SLICES = ['--k', '3', '--a', 'surface=chat', '--b', 'surface=editor'];
const L2 = 1 / Math.log2(3);

let dir: string;
let logs: string;
let tasksFile: string;
let tasks: Record<string, unknown>[];
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-pool-'));
  logs = path.join(dir, 'logs.jsonl');
  writeFileSync(logs, POOL_DATASET.map((event) => JSON.stringify(event)).join('\n'));
  tasksFile = path.join(dir, 'tasks', 'pool.jsonl');
  const { code, out, err } = await runCli(['export', '--pool', tasksFile, ...SLICES, logs]);
  expect({ code, err }).toEqual({ code: 0, err: [] });
  expect(out).toEqual([`${tasksFile}: 9 label tasks, the pool of A (surface = chat) vs B (surface = editor) at K = 3`]);
  tasks = readFileSync(tasksFile, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const report = async (...files: string[]) => JSON.parse((await runCli(['report', '--json', ...SLICES, ...files])).out.join('\n'));

describe('export --pool', () => {
  it('writes the pool as relevance label tasks of query and asset, in priority order', () => {
    expect(tasks.map((task) => `${task.query}·${task.asset_id}`)).toEqual(['q1·p', 'q2·m', 'q0·k1', 'q0·k3', 'q1·r', 'q0·k2', 'q1·u', 'q5·v', 'q2·w']);
    expect(tasks[0]).toEqual({
      type: 'label', kind: 'relevance', query: 'q1', asset_id: 'p', grade: null, annotator: null,
      task: { pool_rank: 1, priority: expect.closeTo(2 + L2, 12), rank_a: 1, rank_b: 1, title: 'Asset p', text: 'the text of p' },
    });
    expect(tasks.map((task) => (task.task as { rank_a: number | null }).rank_a)).toEqual([1, 1, 1, 3, 3, 2, null, 1, null]);
    expect(tasks.map((task) => (task.task as { pool_rank: number }).pool_rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('graded tasks load back as labels that take their items out of the pool; a task left ungraded is rejected, never a label', async () => {
    const graded = tasks.map((task, i) => (i < 3 ? { ...task, grade: 1, annotator: 'pool labeler' } : task));
    const all = path.join(dir, 'graded-3.jsonl');
    writeFileSync(all, graded.map((task) => JSON.stringify(task)).join('\n'));
    const before = await report(logs);
    expect(before.compare.pool).toBe(9);
    const after = await report(logs, all);
    expect(after.compare.pool).toBe(6);
    expect(after.rejected).toBe(6);
    const onlyGraded = path.join(dir, 'graded-only.jsonl');
    writeFileSync(onlyGraded, graded.slice(0, 3).map((task) => JSON.stringify(task)).join('\n'));
    const clean = await report(logs, onlyGraded);
    expect(clean.rejected).toBe(0);
    expect(clean.compare.pool).toBe(6);
    // q1·p, q2·m and q0·k1 were unlabeled at rank 1 of A's lists: judged@3 of rA1 and rA4 rises by 1/3, of rA2 (two returned) by 1/2; six retrievals
    expect(clean.compare.judged_at_k.a).toBeCloseTo(before.compare.judged_at_k.a + (1 / 3 + 1 / 2 + 1 / 3) / 6, 12);
  });

  it('refuses a pool without a comparison, and slices without --pool', async () => {
    const { code, err } = await runCli(['export', '--pool', tasksFile, logs]);
    expect(code).toBe(2);
    expect(err[0]).toMatch(/--pool needs --a and --b/);
    expect((await runCli(['export', '--parquet', dir, '--a', 'surface=chat', '--b', 'surface=editor', logs])).code).toBe(2);
  });
});
