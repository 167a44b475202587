import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArrowBatchBuilder, ipcBatches } from '../engine/arrow-batch';
import type { Engine } from '../engine/engine';
import { createNodeEngine } from '../engine/node-engine';
import type { ColumnSpec } from '../schema/columns';
import type { FileIngestResult } from './ingest-file';
import { SmallFileGroup, smallFileBatchRows } from './small-file-group';

const SPECS: ColumnSpec[] = [
  { name: 'name', kind: 'string' }, { name: 'score', kind: 'number' }, { name: 'seq', kind: 'int' },
  { name: 'ok', kind: 'boolean' }, { name: 'ids', kind: 'strings' }, { name: 'scores', kind: 'numbers' },
];

function batchOf(rows: Record<string, string | number | boolean | string[] | number[] | null>[]) {
  const builder = new ArrowBatchBuilder(SPECS, 4);
  for (const row of rows) builder.add(row);
  return builder.flushBatch();
}

const result = (fileId: number): FileIngestResult => ({
  fileId, fileName: `f${fileId}.jsonl`, bytes: 10, textBytes: null, events: 1, rejected: 0, blankLines: 0, countsByType: {}, spans: {}, retrievalIds: [], error: null,
});

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
}, 60_000);
afterAll(() => engine.close());

/** The rows of a batch as DuckDB stores them. */
async function rowsOf(ipc: Uint8Array): Promise<Record<string, unknown>[]> {
  await engine.exec('CREATE OR REPLACE TABLE merged (name VARCHAR, score DOUBLE, seq INTEGER, ok BOOLEAN, ids VARCHAR[], scores DOUBLE[])');
  await engine.insertArrowIPC('merged', ipc);
  const rows = await engine.query('SELECT * FROM merged ORDER BY rowid');
  return rows.map((row) => ({ ...row, ids: row.ids === null ? null : [...(row.ids as string[])], scores: row.scores === null ? null : [...(row.scores as number[])] }));
}

describe('a group of small files', () => {
  it('sends one batch per table holding every row of the files read, in order, each value as it was', async () => {
    const group = new SmallFileGroup();
    const first = [{ name: 'a', score: 0.5, seq: 1, ok: true, ids: ['x', 'y'], scores: [0.9, 0.1] }, { name: null, score: null, seq: 2, ok: false, ids: [], scores: null }];
    const second = [{ name: 'é ✓', score: -1, seq: 3, ok: null, ids: null, scores: [] }];
    await group.target.insertBatch!('events_prompt', batchOf(first));
    group.fileDone(result(1));
    await group.target.insertBatch!('events_prompt', batchOf(second));
    await group.target.insertBatch!('rejected', batchOf([{ name: 'r', seq: 9 }]));
    group.fileDone(result(2));
    const { results, batches } = group.take();
    expect(results.map((r) => r.fileId)).toEqual([1, 2]);
    expect(batches.map((b) => b.table)).toEqual(['events_prompt', 'rejected']);
    expect(ipcBatches(batches[0].ipc)).toHaveLength(1);
    expect(await rowsOf(batches[0].ipc)).toEqual([...first, { ...second[0] }]);
    expect(await rowsOf(batches[1].ipc)).toEqual([{ name: 'r', score: null, seq: 9, ok: null, ids: null, scores: null }]);
    expect(group.isEmpty).toBe(true);
  });

  it('a file that failed leaves its result and none of its rows; a cancelled one leaves nothing', async () => {
    const group = new SmallFileGroup();
    await group.target.insertBatch!('events_prompt', batchOf([{ name: 'kept', seq: 1 }]));
    group.fileDone(result(1));
    await group.target.insertBatch!('events_prompt', batchOf([{ name: 'failed', seq: 2 }]));
    group.fileDone({ ...result(2), error: 'could not load the file' }, true);
    await group.target.insertBatch!('events_prompt', batchOf([{ name: 'cancelled', seq: 3 }]));
    group.dropPending();
    const { results, batches } = group.take();
    expect(results.map((r) => [r.fileId, r.error])).toEqual([[1, null], [2, 'could not load the file']]);
    expect((await rowsOf(batches[0].ipc)).map((row) => row.name)).toEqual(['kept']);
  });

  it('rows the files write into the group\'s own builders: a failed or cancelled file\'s go, its neighbours\' stay, with the batches a file made itself', async () => {
    const group = new SmallFileGroup();
    const write = (rows: Record<string, string | number | boolean | string[] | number[] | null>[]) => {
      const builder = group.rows.builder('events_prompt', SPECS);
      for (const row of rows) builder.add(row);
    };
    const kept = [{ name: 'a', score: 1, seq: 1, ok: true, ids: ['x'], scores: [0.5] }, { name: null, score: null, seq: 2, ok: null, ids: null, scores: null }];
    write(kept);
    group.fileDone(result(1));
    write([{ name: 'failed part way', seq: 3, ids: ['y', 'z'] }]);
    group.fileDone({ ...result(2), error: 'could not load the file' }, true);
    const later = [{ name: 'é ✓', score: -1, seq: 4, ok: false, ids: [], scores: [] }];
    write(later);
    await group.target.insertBatch!('events_prompt', batchOf([{ name: 'made by the file', seq: 5 }]));
    group.fileDone(result(3));
    write([{ name: 'cancelled', seq: 6 }]);
    group.dropPending();
    const { results, batches } = group.take();
    expect(results.map((r) => r.fileId)).toEqual([1, 2, 3]);
    expect(batches.map((b) => b.table)).toEqual(['events_prompt']);
    expect(await rowsOf(batches[0].ipc)).toEqual([...kept, ...later, { name: 'made by the file', score: null, seq: 5, ok: null, ids: null, scores: null }]);
    // the next group starts empty
    write([{ name: 'next group', seq: 7 }]);
    group.fileDone(result(4));
    expect((await rowsOf(group.take().batches[0].ipc)).map((row) => row.name)).toEqual(['next group']);
  });

  it('a file of three events starts its batches with room for 16 rows, a 1 MB one for 10,486', () => {
    expect([smallFileBatchRows(300), smallFileBatchRows(1024 * 1024)]).toEqual([16, 10_486]);
  });
});
