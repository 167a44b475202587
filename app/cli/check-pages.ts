import type { Engine, SqlValue } from '../engine/engine';
import type { RowSpec } from '../engine/sql/core/row-spec';
import { run } from '../engine/sql/core/run';
import { sql } from '../engine/sql/core/sql-query';

/** Rows read per query: a million rejected lines are never in memory at once. */
export const CHECK_PAGE_ROWS = 5_000;

export type IssueKind = 'rejected' | 'warnings';

/** A rejected line or a warning as stored, before its file is named by the path given. */
export interface IssueRow {
  file_id: number;
  /** The file a rejected row names (a rejected row loaded back from Parquet names its first file). */
  file?: string;
  line: number;
  reason: string;
  field: string | null;
  message: string;
  raw?: string | null;
}

/**
 * Keyset pages, each ordered as the whole list is: rejected lines by file, (named) file, line;
 * warnings by file, line, event. `rowid` breaks ties, so a page never repeats or skips a row.
 */
const PAGE_SQL: Record<IssueKind, { sql: string; row: RowSpec; key: (row: Record<string, unknown>) => SqlValue[] }> = {
  rejected: {
    sql: `SELECT file_id, file, line, reason, field, message, raw, rowid AS rid FROM rejected
          WHERE (?::INTEGER IS NULL OR file_id = ?)
            AND (?::BOOLEAN OR (file_id, file, line, rowid) > (?::INTEGER, ?::VARCHAR, ?::INTEGER, ?::BIGINT))
          ORDER BY file_id, file, line, rowid LIMIT ?`,
    row: { file_id: 'number', file: 'string|null', line: 'number|null', reason: 'string', field: 'string|null', message: 'string|null', raw: 'string|null', rid: 'number' },
    key: (row) => [row.file_id as number, row.file as string, row.line as number, row.rid as number],
  },
  warnings: {
    sql: `SELECT file_id, line, reason, field, message, rowid AS rid, seq FROM reference_warnings
          WHERE (?::INTEGER IS NULL OR file_id = ?)
            AND (?::BOOLEAN OR (file_id, line, seq, rowid) > (?::INTEGER, ?::INTEGER, ?::BIGINT, ?::BIGINT))
          ORDER BY file_id, line, seq, rowid LIMIT ?`,
    row: { file_id: 'number', line: 'number|null', reason: 'string', field: 'string|null', message: 'string|null', rid: 'number', seq: 'number|null' },
    key: (row) => [row.file_id as number, row.line as number, row.seq as number, row.rid as number],
  },
};

/**
 * The rejected lines or warnings, a page at a time, of one loaded file (`fileId`) or all, at
 * most `limit` of them (null: all).
 */
export async function* issuePages(
  engine: Engine,
  kind: IssueKind,
  options: { fileId?: number | null; limit?: number | null; pageRows?: number } = {},
): AsyncGenerator<IssueRow[]> {
  const pageRows = options.pageRows ?? CHECK_PAGE_ROWS;
  const fileId = options.fileId ?? null;
  let left = options.limit ?? Number.POSITIVE_INFINITY;
  let after: SqlValue[] | null = null;
  while (left > 0) {
    const take = Math.min(pageRows, left);
    const { sql: pageSql, row, key } = PAGE_SQL[kind];
    const rows = await run(engine, { sql: pageSql, params: [fileId, fileId, after === null, ...(after ?? [null, null, null, null]), take] }, row);
    if (rows.length === 0) return;
    after = key(rows[rows.length - 1]);
    left -= rows.length;
    yield rows.map(({ rid: _rid, seq: _seq, ...row }) => row as unknown as IssueRow);
    if (rows.length < take) return;
  }
}

/** How many rejected lines and warnings each loaded file has. */
export async function issueCountsByFile(engine: Engine, kind: IssueKind): Promise<Map<number, number>> {
  const table = kind === 'rejected' ? 'rejected' : 'reference_warnings';
  const rows = await run(engine, `SELECT file_id, count(*)::INTEGER AS n FROM ${table} GROUP BY file_id`, { file_id: 'number', n: 'number' });
  return new Map(rows.map(({ file_id, n }) => [file_id, n]));
}

/** The last line of a file that was stored or rejected: how far a file read in part got. */
export async function lastLineRead(engine: Engine, fileId: number): Promise<number | null> {
  const [row] = await run(engine,
    sql`SELECT max(line)::INTEGER AS line FROM (SELECT line FROM events WHERE file_id = ${fileId} UNION ALL SELECT line FROM rejected WHERE file_id = ${fileId})`,
    { line: 'number|null' },
  );
  return row?.line ?? null;
}
