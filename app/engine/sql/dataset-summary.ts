import type { SpanKindCount } from '../../model/session/unmapped-spans';
import { GIVEN_LABELS_FILE_ID } from '../../schema/given-label';
import { specOf } from './core/row-spec';

/** The row of DATASET_SUMMARY_SQL. */
export interface DatasetCounts {
  /** Events read from the loaded files: never the labels given in this browser (`givenHere`). */
  events: number;
  /** Labels given in this browser that apply to these logs (label events with file_id GIVEN_LABELS_FILE_ID). */
  given_here: number;
  files: number;
  rejected: number;
  warnings: number;
  sessions: number;
}

/** The counts, and the OpenTelemetry spans no event covers per kind (spans.ts SPANS_BY_KIND_SQL). */
export interface DatasetSummary extends DatasetCounts {
  unmappedSpans: SpanKindCount[];
  /** Labels given in this browser that these logs do not hold the items of: kept for their own logs, not applied. */
  labelsOtherLogs: number;
  /** Labels given in this browser that a loaded file holds too (their export loaded back): counted once, as the file's. */
  labelsInLoadedFiles: number;
  /** The loaded files' dataset id (`datasetIdOf` their fingerprints); null with no file loaded. */
  datasetId: string | null;
}

export const DATASET_SUMMARY_SQL = `
SELECT ((SELECT count(*) FROM events) - (SELECT count(*) FROM events_label WHERE file_id = ${GIVEN_LABELS_FILE_ID}))::INTEGER AS events,
       (SELECT count(*) FROM events_label WHERE file_id = ${GIVEN_LABELS_FILE_ID})::INTEGER AS given_here,
       (SELECT count(*) FROM files)::INTEGER AS files,
       (SELECT count(*) FROM rejected)::INTEGER AS rejected,
       (SELECT count(*) FROM reference_warnings)::INTEGER AS warnings,
       (SELECT count(*) FROM session_summary)::INTEGER AS sessions`;

export const DATASET_COUNTS_ROW = specOf<DatasetCounts>()({
  events: 'number', given_here: 'number', files: 'number', rejected: 'number', warnings: 'number', sessions: 'number',
});

export const EMPTY_SUMMARY: DatasetSummary = { events: 0, given_here: 0, files: 0, rejected: 0, warnings: 0, sessions: 0, unmappedSpans: [], labelsOtherLogs: 0, labelsInLoadedFiles: 0, datasetId: null };

/** Each loaded file's fingerprint (its name and size when it has none): what `datasetIdOf` identifies the dataset by. */
export const DATASET_FINGERPRINTS_SQL = `SELECT coalesce(fingerprint, name || chr(0) || coalesce(bytes::VARCHAR, '?')) AS fingerprint FROM files WHERE error IS NULL`;

export const DATASET_FINGERPRINT_ROW = { fingerprint: 'string' } as const;
