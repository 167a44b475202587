import type { SessionSpan, SpanKindCount } from '../../model/session/unmapped-spans';
import { specOf } from './core/row-spec';
import { sql, type SqlQuery } from './core/sql-query';

/**
 * The `spans` table (schema/columns.ts SPAN_COLUMNS): OpenTelemetry spans no event type covers.
 * They are not events: no count of events and no metric reads them.
 */

/** Rows of model/session/unmapped-spans.ts `SpanKindCount`. */
export const SPANS_BY_KIND_SQL = `SELECT kind, count(*)::INTEGER AS spans FROM spans GROUP BY kind ORDER BY spans DESC, kind`;

export const SPAN_KIND_COUNT_ROW = specOf<SpanKindCount>()({ kind: 'string', spans: 'number' });

/** The same per file: `SpanKindCount` plus `file_id`. */
export const SPANS_BY_FILE_AND_KIND_SQL = `SELECT file_id, kind, count(*)::INTEGER AS spans FROM spans GROUP BY file_id, kind ORDER BY file_id, spans DESC, kind`;

export const FILE_SPAN_KIND_COUNT_ROW = specOf<SpanKindCount & { file_id: number }>()({ file_id: 'number', kind: 'string', spans: 'number' });

/** A session's spans (model/session/unmapped-spans.ts `SessionSpan`), in time order; with `within`, those starting in that time. */
export function sessionSpansQuery(sessionId: string, within?: { from: number; to: number } | null): SqlQuery {
  const time = within === undefined ? sql`` : within === null ? sql` AND false` : sql` AND s.ts BETWEEN ${within.from} AND ${within.to}`;
  return sql`
SELECT s.file_id, s.line, s.seq, f.name AS file, s.trace_id, s.span_id, s.parent_span_id, s.name, s.kind, s.ts, s.end_ts, s.status, s.attributes
FROM spans s LEFT JOIN files f ON f.file_id = s.file_id
WHERE s.session_id = ${sessionId}${time}
ORDER BY s.ts, s.file_id, s.seq`;
}

export const SESSION_SPAN_ROW = specOf<SessionSpan>()({
  file_id: 'number', line: 'number', seq: 'number', file: 'string|null', trace_id: 'string', span_id: 'string', parent_span_id: 'string|null',
  name: 'string', kind: 'string', ts: 'number', end_ts: 'number|null', status: 'string|null', attributes: 'string',
});
