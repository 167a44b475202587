import { describe, expect, it } from 'vitest';
import type { MatrixCellRow } from '../../queries/metrics';
import { DEFAULT_CELL_SORT, nextCellSort, readCellSort, sortCellRows, writeCellSort } from './cell-sort';

const row = (id: string, fields: Partial<MatrixCellRow> = {}): MatrixCellRow => ({
  retrieval_id: id, query: null, retriever: null, role: 'unknown', p_at_1: null, ndcg_at_k: null, orf_signals: 'none', session_id: 's', ts: 0, ...fields,
});

// in time order, as the SQL returns them
const ROWS = [
  row('r1', { ts: 1, query: 'beta', retriever: 'bm25', role: 'find', ndcg_at_k: 0.4, p_at_1: 0 }),
  row('r2', { ts: 2, query: 'alpha', retriever: 'vector', role: 'answer', ndcg_at_k: 0.1, p_at_1: 0, orf_signals: 'complaint' }),
  row('r3', { ts: 3, query: null, retriever: 'bm25', role: 'find', ndcg_at_k: null }),
  row('r4', { ts: 4, query: 'Gamma', retriever: null, role: 'answer', ndcg_at_k: 0.4, p_at_1: 1 }),
];
const ids = (column: Parameters<typeof nextCellSort>[1], descending = false) => sortCellRows(ROWS, { column, descending }).map((r) => r.retrieval_id);

describe('sortCellRows', () => {
  it('sorts by a score either way, unjudged last, ties in time order', () => {
    expect(ids('ndcg')).toEqual(['r2', 'r1', 'r4', 'r3']);
    expect(ids('ndcg', true)).toEqual(['r1', 'r4', 'r2', 'r3']);
  });

  it('sorts text without regard to case, empty values last', () => {
    expect(ids('query')).toEqual(['r2', 'r1', 'r4', 'r3']);
    expect(ids('retriever')).toEqual(['r1', 'r3', 'r2', 'r4']);
    expect(ids('retriever', true)).toEqual(['r2', 'r1', 'r3', 'r4']);
    expect(ids('role')).toEqual(['r2', 'r4', 'r1', 'r3']);
    expect(ids('orf')).toEqual(['r2', 'r1', 'r3', 'r4']);
  });

  it('keeps time order by default and never changes its input', () => {
    expect(sortCellRows(ROWS, DEFAULT_CELL_SORT).map((r) => r.retrieval_id)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(ids('time', true)).toEqual(['r4', 'r3', 'r2', 'r1']);
    expect(ROWS.map((r) => r.retrieval_id)).toEqual(['r1', 'r2', 'r3', 'r4']);
  });
});

describe('the sort in the URL', () => {
  it('reads and writes `cell_sort`, the default as no parameter', () => {
    expect(readCellSort('-ndcg')).toEqual({ column: 'ndcg', descending: true });
    expect(readCellSort('retriever')).toEqual({ column: 'retriever', descending: false });
    expect(readCellSort('nonsense')).toEqual(DEFAULT_CELL_SORT);
    expect(readCellSort(null)).toEqual(DEFAULT_CELL_SORT);
    expect(writeCellSort({ column: 'ndcg', descending: true })).toBe('-ndcg');
    expect(writeCellSort(DEFAULT_CELL_SORT)).toBeNull();
  });

  it('a click on the sorted column flips it; on another starts ascending', () => {
    expect(nextCellSort({ column: 'ndcg', descending: false }, 'ndcg')).toEqual({ column: 'ndcg', descending: true });
    expect(nextCellSort({ column: 'ndcg', descending: true }, 'role')).toEqual({ column: 'role', descending: false });
  });
});
