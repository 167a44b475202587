import type { SqlValue } from '../engine';
import { specOf } from './core/row-spec';

/**
 * A row of the list. Every field but the kind may be null: a warning on a label given in this
 * browser has no file (file_id 0 names no row of `files`) and no line, and a kept load written by
 * another version may lack a column's value.
 */
export interface RejectedListRow {
  severity: 'rejected' | 'warning';
  file_id: number | null;
  file: string | null;
  line: number | null;
  reason: string | null;
  field: string | null;
  message: string | null;
  raw: string | null;
  /** The stored event behind a warning (all fields null for a rejected line). */
  event: Record<string, unknown> | null;
}

export const REJECTED_LIST_ROW = specOf<RejectedListRow>()({
  severity: 'string', file_id: 'number|null', file: 'string|null', line: 'number|null', reason: 'string|null', field: 'string|null',
  message: 'string|null', raw: 'string|null', event: 'json|null',
});

export interface RejectedFilter {
  severity: 'rejected' | 'warning' | null;
  reason: string | null;
  file: string | null;
}

/** A page of the list: `limit` rows (null: all) after the first `offset`. */
export interface RejectedPage {
  offset: number;
  limit: number | null;
}

const FILTER = (alias: string) =>
  `(?::VARCHAR IS NULL OR ${alias}.severity = ?) AND (?::VARCHAR IS NULL OR ${alias}.reason = ?) AND (?::VARCHAR IS NULL OR ${alias}.file = ?)`;

/**
 * Rejected lines and reference warnings in one list, a page at a time. A load can reject a
 * million lines: the page is chosen on the keys alone (sorting a few integers per row), and only
 * its rows are read whole and joined to their event. A warning's event is stored, so its raw
 * text is rebuilt from the event row by the caller (`seq` identifies it).
 */
export function rejectedListQuery(filter: RejectedFilter, page: RejectedPage = { offset: 0, limit: null }): { sql: string; params: SqlValue[] } {
  const filterParams = [filter.severity, filter.severity, filter.reason, filter.reason, filter.file, filter.file];
  return {
    sql: `WITH keys AS MATERIALIZED (
            SELECT src, rid FROM (
              SELECT 0 AS src, r.rowid AS rid, r.file_id, r.line FROM rejected r WHERE ${FILTER('r')}
              UNION ALL
              SELECT 1 AS src, w.rowid AS rid, w.file_id, w.line FROM reference_warnings w WHERE ${FILTER('w')}
            ) ORDER BY file_id, line, src, rid LIMIT ? OFFSET ?
          ),
          page AS (
            SELECT severity, file_id, file, line, reason, field, message, raw, NULL::BIGINT AS seq, 0 AS src, rowid AS rid
            FROM rejected WHERE rowid IN (SELECT rid FROM keys WHERE src = 0)
            UNION ALL
            SELECT severity, file_id, file, line, reason, field, message, NULL AS raw, seq, 1 AS src, rowid AS rid
            FROM reference_warnings WHERE rowid IN (SELECT rid FROM keys WHERE src = 1)
          )
          SELECT p.severity, p.file_id, p.file, p.line, p.reason, p.field, p.message, p.raw, e AS event
          FROM page p LEFT JOIN events e ON e.seq = p.seq
          ORDER BY p.file_id, p.line, p.src, p.rid`,
    params: [...filterParams, ...filterParams, page.limit, page.offset],
  };
}

/** Counts by kind, reason and file; file is null for warnings on labels given in this browser. */
export interface RejectedFacet {
  severity: string;
  reason: string | null;
  file: string | null;
  n: number;
}

/** Counts by kind, reason and file: the facets of the list, and (summed over a filter) its length. */
export const REJECTED_FACETS_SQL = `
SELECT severity, reason, file, count(*)::INTEGER AS n FROM (
  SELECT severity, reason, file FROM rejected UNION ALL SELECT severity, reason, file FROM reference_warnings
) GROUP BY ALL ORDER BY n DESC`;

export const REJECTED_FACET_ROW = specOf<RejectedFacet>()({ severity: 'string', reason: 'string|null', file: 'string|null', n: 'number' });
