import type { SpanKindCount } from '../../model/session/unmapped-spans';

/** The row of DATASET_SUMMARY_SQL. */
export interface DatasetCounts {
  events: number;
  files: number;
  rejected: number;
  warnings: number;
  sessions: number;
}

/** The counts, and the OpenTelemetry spans no event covers per kind (spans.ts SPANS_BY_KIND_SQL). */
export interface DatasetSummary extends DatasetCounts {
  unmappedSpans: SpanKindCount[];
}

export const DATASET_SUMMARY_SQL = `
SELECT (SELECT count(*) FROM events)::INTEGER AS events,
       (SELECT count(*) FROM files)::INTEGER AS files,
       (SELECT count(*) FROM rejected)::INTEGER AS rejected,
       (SELECT count(*) FROM reference_warnings)::INTEGER AS warnings,
       (SELECT count(*) FROM session_summary)::INTEGER AS sessions`;

export const EMPTY_SUMMARY: DatasetSummary = { events: 0, files: 0, rejected: 0, warnings: 0, sessions: 0, unmappedSpans: [] };
