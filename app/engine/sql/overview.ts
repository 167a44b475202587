import { specOf } from './core/row-spec';

export interface FileRow {
  file_id: number;
  name: string;
  /** The file's own size; null when it could not be told. */
  bytes: number | null;
  /** The text a gzip file held; null for a file that was not compressed. */
  text_bytes: number | null;
  events: number;
  rejected: number;
  blank_lines: number;
  /** Records of other sessions a sampled load left out; null when the file was loaded whole. */
  sampled_out: number | null;
  error: string | null;
  warnings: number;
  /** OpenTelemetry spans no event covers; null for a file kept before spans were counted. */
  spans: number | null;
  /** Trace documents without an id, given one from their metadata or their content (docs/log-format.md, "Document identity"); null: none counted. */
  derived_metadata_ids: number | null;
  derived_content_ids: number | null;
  /** Spans that came after their trace had been resolved (a large trace file), read apart from it; null: none. */
  late_spans: number | null;
}

export const FILES_SQL = `
SELECT f.file_id, f.name, f.bytes, f.text_bytes, f.events, f.rejected, f.blank_lines, f.sampled_out, f.error, f.spans,
       f.derived_metadata_ids, f.derived_content_ids, f.late_spans,
       (SELECT count(*) FROM reference_warnings w WHERE w.file_id = f.file_id)::INTEGER AS warnings
FROM files f ORDER BY f.file_id`;

export const FILE_ROW = specOf<FileRow>()({
  file_id: 'number', name: 'string', bytes: 'number|null', text_bytes: 'number|null', events: 'number', rejected: 'number', blank_lines: 'number',
  sampled_out: 'number|null', error: 'string|null', warnings: 'number', spans: 'number|null',
  derived_metadata_ids: 'number|null', derived_content_ids: 'number|null', late_spans: 'number|null',
});

export interface TypeCountRow {
  type: string;
  events: number;
}

export const COUNTS_BY_TYPE_SQL = `SELECT type, count(*)::INTEGER AS events FROM events GROUP BY type ORDER BY events DESC, type`;

export const TYPE_COUNT_ROW = specOf<TypeCountRow>()({ type: 'string', events: 'number' });

/** The action names users performed, for choosing the "used" action set. */
export const USER_ACTIONS_SQL = `SELECT DISTINCT action FROM actions WHERE actor = 'user' AND action IS NOT NULL ORDER BY action`;

export const USER_ACTION_ROW = { action: 'string' } as const;
