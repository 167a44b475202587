import type { SqlValue } from '../engine';

export interface RejectedListRow {
  severity: 'rejected' | 'warning';
  file_id: number;
  file: string;
  line: number;
  reason: string;
  field: string | null;
  message: string;
  raw: string | null;
  /** The stored event behind a warning (all fields null for a rejected line). */
  event: Record<string, unknown>;
}

export interface RejectedFilter {
  severity: 'rejected' | 'warning' | null;
  reason: string | null;
  file: string | null;
}

/**
 * Rejected lines and reference warnings in one list. A warning's event is stored, so its raw
 * text is rebuilt from the event row by the caller (`seq` identifies it).
 */
export function rejectedListQuery(filter: RejectedFilter): { sql: string; params: SqlValue[] } {
  return {
    sql: `SELECT x.severity, x.file_id, x.file, x.line, x.reason, x.field, x.message, x.raw, e AS event FROM (
            SELECT severity, file_id, file, line, reason, field, message, raw, NULL::INTEGER AS seq FROM rejected
            UNION ALL
            SELECT severity, file_id, file, line, reason, field, message, NULL AS raw, seq FROM reference_warnings
          ) x LEFT JOIN events e ON e.seq = x.seq
          WHERE (?::VARCHAR IS NULL OR x.severity = ?) AND (?::VARCHAR IS NULL OR x.reason = ?) AND (?::VARCHAR IS NULL OR x.file = ?)
          ORDER BY x.file_id, x.line`,
    params: [filter.severity, filter.severity, filter.reason, filter.reason, filter.file, filter.file],
  };
}

export const REJECTED_FACETS_SQL = `
SELECT severity, reason, file, count(*)::INTEGER AS n FROM (
  SELECT severity, reason, file FROM rejected UNION ALL SELECT severity, reason, file FROM reference_warnings
) GROUP BY ALL ORDER BY n DESC`;
