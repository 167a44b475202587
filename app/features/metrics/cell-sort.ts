import type { MatrixCellRow } from '../../queries/metrics';

/** The columns a matrix cell's list sorts by, as named in the URL (`cell_sort=-ndcg`). */
export const CELL_SORT_COLUMNS = ['retrieval', 'query', 'retriever', 'role', 'p1', 'ndcg', 'orf', 'session', 'time'] as const;
export type CellSortColumn = (typeof CELL_SORT_COLUMNS)[number];

export interface CellSort {
  column: CellSortColumn;
  descending: boolean;
}

/** The list's own order: by time, as the SQL returns it. */
export const DEFAULT_CELL_SORT: CellSort = { column: 'time', descending: false };

/** `-ndcg` → nDCG, descending; anything unknown → the default order. */
export function readCellSort(value: string | null): CellSort {
  const column = (value ?? '').replace(/^-/, '');
  return (CELL_SORT_COLUMNS as readonly string[]).includes(column)
    ? { column: column as CellSortColumn, descending: value!.startsWith('-') }
    : DEFAULT_CELL_SORT;
}

export const writeCellSort = (sort: CellSort): string | null =>
  sort.column === DEFAULT_CELL_SORT.column && sort.descending === DEFAULT_CELL_SORT.descending ? null : `${sort.descending ? '-' : ''}${sort.column}`;

/** A header's click: the same column flips its order; a new one starts with scores worst first, text A→Z. */
export const nextCellSort = (current: CellSort, column: CellSortColumn): CellSort =>
  current.column === column ? { column, descending: !current.descending } : { column, descending: false };

const value = (row: MatrixCellRow, column: CellSortColumn): string | number | null => {
  switch (column) {
    case 'retrieval': return row.retrieval_id;
    case 'query': return row.query;
    case 'retriever': return row.retriever;
    case 'role': return row.role;
    case 'p1': return row.p_at_1;
    case 'ndcg': return row.ndcg_at_k;
    case 'orf': return row.orf_signals === 'none' ? null : row.orf_signals;
    case 'session': return row.session_id;
    case 'time': return row.ts;
  }
};

/** The rows in the chosen order; empty values (no query, no retriever, unjudged, no ORF signal) last either way, ties in time order. */
export function sortCellRows(rows: readonly MatrixCellRow[], sort: CellSort): MatrixCellRow[] {
  const sign = sort.descending ? -1 : 1;
  // the SQL's order is time order: the index breaks ties
  return rows.map((row, index) => ({ row, index, key: value(row, sort.column) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
      const order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : String(a.key).localeCompare(String(b.key));
      return sign * order || a.index - b.index;
    })
    .map(({ row }) => row);
}
